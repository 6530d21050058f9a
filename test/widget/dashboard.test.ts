// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import '../../widget/index.js';
import { CATALOG } from '../../widget/catalog.js';
import { parseSections } from '../../widget/dashboard/dashboard.component.js';
import { mount, shadow } from './dom.js';
import { useFakeApi } from './suite.js';

useFakeApi();

describe('parseSections', () => {
  it('keeps known sections once, in the order given, and names the unknown ones', () => {
    expect(parseSections(' Trend,score,trend,,charts ')).toEqual({
      sections: ['trend', 'score'],
      unknown: ['charts'],
    });
    // Every section of the catalogue, so a new widget is in the default dashboard without an edit here.
    const all = Object.values(CATALOG).flatMap((entry) =>
      'section' in entry ? [entry.section.name] : [],
    );
    expect(all.length).toBeGreaterThan(5);
    expect(parseSections(undefined).sections).toEqual(all);
    expect(parseSections('').sections).toEqual(all);
  });

  it('is bounded for a huge attribute', () => {
    const parsed = parseSections(`${'x,'.repeat(10_000)}score`);
    expect(parsed.unknown.length).toBeLessThanOrEqual(5);
    expect(parsed.sections).toEqual([]);
  });
});

describe('<aivis-dashboard>', () => {
  it("hands each section the dashboard's settings and puts their headings one level below its own", async () => {
    const dashboard = mount('aivis-dashboard', {
      project: '1002',
      sections: 'score,traffic',
      window: '90d',
      locale: 'de-DE',
      'heading-level': '3',
    });
    await dashboard.updateComplete;
    const sections = [...shadow(dashboard).querySelectorAll('[part~="section"]')] as Array<
      HTMLElement & Record<string, unknown>
    >;
    expect(sections.map((section) => section.localName)).toEqual([
      'aivis-visibility-score',
      'aivis-ai-traffic',
    ]);
    for (const section of sections) {
      expect(section.project).toBe('1002');
      expect(section.locale).toBe('de-DE');
      expect(section.headingLevel).toBe('4');
    }
    expect(sections[1]!.window).toBe('90d');
    expect(shadow(dashboard).querySelector('[part~="heading"]')?.getAttribute('aria-level')).toBe(
      '3',
    );
    // A changed attribute reaches the same section elements (their data stays loaded).
    dashboard.setAttribute('project', '1003');
    await dashboard.updateComplete;
    expect(shadow(dashboard).querySelector('[part~="section"]')).toBe(sections[0]);
    expect(sections[0]!.project).toBe('1003');
  });
});
