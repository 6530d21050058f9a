/**
 * Each Sheets page's markup is an HTML file beside the script that runs it
 * (apps-script/ui/<name>-page.html next to <name>-page.ts), and the build
 * fills only its named slots (scripts/sheets/html.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGES } from '../../apps-script/src/entry-points.js';
import { PAGE_SOURCES, pageBody } from '../../scripts/sheets/html.js';

const UI = new URL('../../apps-script/ui/', import.meta.url);

describe('the Sheets pages', () => {
  it('are one per page of PAGES, each with its markup beside its script', () => {
    expect(PAGE_SOURCES.map((page) => page.file).sort()).toEqual(
      Object.values(PAGES)
        .map((page) => page.file)
        .sort(),
    );
    for (const page of PAGE_SOURCES) {
      expect(existsSync(new URL(page.entry, UI)), page.entry).toBe(true);
      expect(existsSync(new URL(page.entry.replace(/\.ts$/, '.html'), UI)), page.entry).toBe(true);
    }
  });

  it('have no markup file without a script beside it', () => {
    for (const file of readdirSync(UI).filter((name) => name.endsWith('.html')))
      expect(existsSync(new URL(file.replace(/\.html$/, '.ts'), UI)), file).toBe(true);
  });

  it('leave no slot unfilled, and a slot the build does not know fails naming it', () => {
    for (const page of PAGE_SOURCES) expect(page.body, page.file).not.toMatch(/\{\{|\}\}/);
    const settings = readFileSync(new URL('settings-page.html', UI), 'utf8');
    expect(settings).toContain('{{menu-title}}');
    // The alert inputs come from the rule table, never from the markup file.
    expect(PAGE_SOURCES.find((page) => page.file === PAGES.alerts.file)!.body).toMatch(
      /data-rule="/,
    );
    expect(() => pageBody('new-page.ts', 'New', '<h1>{{title}}</h1>{{colour}}')).toThrow(
      /new-page\.html: no slot \{\{colour\}\}/,
    );
    expect(pageBody('new-page.ts', 'New', '<h1>{{title}}</h1>')).toBe('<h1>New</h1>');
  });
});
