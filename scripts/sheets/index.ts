/**
 * Builds dist/apps-script/: Code.js (the bundled add-on plus generated entry
 * points), appsscript.json and the sidebar / dialog pages; and
 * dist/apps-script-paste/: the same add-on as one file to paste into a
 * spreadsheet's Apps Script editor (AIVIS.gs, the pages inlined) with its
 * appsscript.json (docs/sheets.md, Paste install).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { INLINE_PAGES_GLOBAL } from '../../apps-script/src/config.js';
import { bundleIife } from '../apps-script-bundle/bundle.js';
import {
  type BuildResult,
  buildCode,
  checkScript,
  ROOT,
  writeProject,
} from '../apps-script-bundle/project.js';
import { serviceSetting } from '../apps-script-bundle/settings.js';
import { BUNDLE_GLOBAL, entrySection } from './entry.js';
import { PAGE_SOURCES, pageHtml } from './html.js';
import { manifest } from './manifest.js';
export const OUT_DIR = join(ROOT, 'dist/apps-script');
export const PASTE_DIR = join(ROOT, 'dist/apps-script-paste');
/** The paste-install file's name (the editor shows it as AIVIS.gs once pasted into Code.gs, or as its own file). */
export const PASTE_FILE = 'AIVIS.gs';

/** Code.js with every page as a string in one top-level table, so the file needs nothing beside it. */
export function pasteScript(code: string, pages: Record<string, string>): string {
  const table: Record<string, string> = {};
  for (const [name, html] of Object.entries(pages)) table[name.replace(/\.html$/, '')] = html;
  const script = `${code}\n// The sidebar and dialog pages, which a pushed project keeps as HTML files.\nvar ${INLINE_PAGES_GLOBAL} = ${JSON.stringify(table)};\n`;
  checkScript(script);
  return script;
}

/** Writes outDir, and the paste-install pair beside it (dist/apps-script-paste/ for the default). */
export async function buildAppsScript(
  outDir = OUT_DIR,
  pasteDir = outDir === OUT_DIR ? PASTE_DIR : `${outDir}-paste`,
): Promise<BuildResult> {
  const service = serviceSetting();
  const code = await buildCode(
    {
      entry: join(ROOT, 'apps-script/src/main.ts'),
      globalName: BUNDLE_GLOBAL,
      title: 'AI Visibility add-on for Google Sheets (scripts/sheets/build.ts)',
      entrySection: entrySection(),
    },
    service,
  );
  const pages: Record<string, string> = {};
  for (const page of PAGE_SOURCES) {
    const script = await bundleIife(join(ROOT, 'apps-script/ui', page.entry), 'AivisPage');
    pages[`${page.file}.html`] = pageHtml(page, script);
  }
  const result = writeProject(outDir, service, code, manifest(service), pages);
  rmSync(pasteDir, { recursive: true, force: true });
  mkdirSync(pasteDir, { recursive: true });
  writeFileSync(join(pasteDir, PASTE_FILE), pasteScript(code, pages));
  writeFileSync(
    join(pasteDir, 'appsscript.json'),
    `${JSON.stringify(manifest(service), null, 2)}\n`,
  );
  return result;
}
