// @vitest-environment happy-dom
/**
 * Bodies a third attack run sent the widgets: a 5,000-deep array in a
 * supporting row, 50,000 supporting rows, and API text with bidirectional
 * controls (U+202E) that would reorder what a viewer reads.
 */
import { describe, expect, it } from 'vitest';
import { pollUntil } from '../../support/poll.js';
import '../../widget/index.js';
import { cell, formatters } from '../../widget/internal/format.js';
import { mount, part, parts, settled, shadow, text } from './dom.js';
import { json, TOKEN } from './fake-api.js';
import { useFakeApi } from './suite.js';

const api = useFakeApi();
const en = formatters('en-US');
const waitFor = (check: () => boolean) => pollUntil(check, { what: 'the condition' });

const deepArray = (depth: number): unknown =>
  JSON.parse(`${'['.repeat(depth)}1${']'.repeat(depth)}`);
const deepObject = (depth: number): unknown =>
  JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

/** Mounts the action plan with the followed link answering `rows`, and opens the first action. */
async function openRowsWith(rows: unknown) {
  // Text as sent: JSON.stringify itself cannot write the deepest of these bodies.
  const body = typeof rows === 'string' ? rows : JSON.stringify(rows);
  api.rewrite(async (url, answer) => {
    if (url.pathname.endsWith('/action-plan')) return answer();
    return new Response(body, { headers: { 'content-type': 'application/json' } });
  });
  const widget = mount('aivis-action-plan', { project: '1001' });
  await settled(widget);
  const action = parts(widget, 'action')[0]!;
  const button = action.querySelector<HTMLButtonElement>('button[aria-expanded]')!;
  button.click();
  await waitFor(() => action.querySelector('table, [part~="error"]') !== null);
  return { widget, action, button };
}

describe('cell formatting is bounded in depth, as shared/table is', () => {
  it.each([
    ['array', deepArray(5_000)],
    ['object', deepObject(5_000)],
  ])('a 5,000-deep %s becomes a short cell', (_what, value) => {
    const { text: shown } = cell(value, 'quote', en);
    expect(shown.length).toBeLessThanOrEqual(300);
    expect(shown).toContain('…');
  });

  it('a followed link with a deep cell shows its table, and later clicks still work', async () => {
    // About 10 KB.
    const deep = `${'['.repeat(5_000)}1${']'.repeat(5_000)}`;
    const { widget, action, button } = await openRowsWith(
      `{"answers":[{"question":"q","deep":${deep}}]}`,
    );
    expect(action.querySelector('table'), text(action)).not.toBeNull();
    expect(text(action.querySelector('table'))).toContain('…');
    button.click();
    await widget.updateComplete;
    button.click();
    await widget.updateComplete;
    expect(action.querySelector('table')).not.toBeNull();
  });
});

describe('supporting rows are capped', () => {
  it('50,000 rows: a few hundred are shown, with a note and a link to the report', async () => {
    const answers = Array.from({ length: 50_000 }, (_, i) => ({ question: `q${i}`, n: i }));
    const { widget, action } = await openRowsWith({ answers });
    const shown = action.querySelectorAll('tbody tr').length;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThanOrEqual(500);
    const note = part(widget, 'rows-note') ?? action.querySelector('[part~="rows-note"]');
    expect(note).not.toBeNull();
    expect(text(note)).toContain('50,000');
    expect(note!.querySelector('a')?.getAttribute('href')).toMatch(/^https:\/\//);
  });
});

const RLO = '\u202e';
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Every text node holding a bidi control sits inside a <bdi>; no link text holds one. */
function expectIsolated(widget: HTMLElement) {
  const root = shadow(widget);
  const walker = document.createTreeWalker(root, 4);
  let found = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.includes(RLO)) continue;
    found += 1;
    expect(node.parentElement?.closest('bdi'), node.textContent).not.toBeNull();
  }
  for (const link of root.querySelectorAll('a')) expect(link.textContent).not.toMatch(BIDI);
  return found;
}

describe('API text is isolated from the text around it', () => {
  it('brand names in the ranking and the heading', async () => {
    api.rewrite(async (_url, answer) => {
      const body = await (await answer()).json();
      for (const row of body.competitors ?? []) row.name = `${row.name}${RLO}gnp.exe`;
      return json(body);
    });
    const widget = mount('aivis-competitor-ranking', { project: '1001' });
    await settled(widget);
    expect(expectIsolated(widget)).toBeGreaterThan(0);
  });

  it('the brand in the score card heading', async () => {
    api.rewrite(async (_url, answer) => {
      const body = await (await answer()).json();
      if (body.profile) body.profile.brand_name = `Acme${RLO}evil`;
      return json(body);
    });
    const widget = mount('aivis-visibility-score', { project: '1001' });
    await settled(widget);
    expect(text(part(widget, 'heading'))).toContain('Acme');
    expect(expectIsolated(widget)).toBeGreaterThan(0);
  });

  it('cited URLs: the link text has no bidi controls', async () => {
    api.rewrite(async (_url, answer) => {
      const body = await (await answer()).json();
      for (const row of body.citations ?? []) {
        if (typeof row.url === 'string') row.url = `${row.url}?x=${RLO}fdp.exe`;
        if (typeof row.domain === 'string') row.domain = `${row.domain}${RLO}`;
      }
      return json(body);
    });
    const widget = mount('aivis-citations', { project: '1001', 'group-by': 'url' });
    await settled(widget);
    expect(shadow(widget).querySelectorAll('a').length).toBeGreaterThan(0);
    expectIsolated(widget);
  });

  it('supporting rows', async () => {
    const { widget } = await openRowsWith({ answers: [{ question: `Buy ${RLO}won`, n: 1 }] });
    expect(expectIsolated(widget)).toBeGreaterThan(0);
  });
});

describe('API text that is the token', () => {
  it('a brand name the service set to the token is not shown', async () => {
    api.rewrite(async (_url, answer) => {
      const body = await (await answer()).json();
      if (body.profile) body.profile.brand_name = TOKEN;
      return json(body);
    });
    const widget = mount('aivis-visibility-score', { project: '1001' });
    await settled(widget);
    expect(part(widget, 'heading')).not.toBeNull();
    expect(shadow(widget).innerHTML).not.toContain(TOKEN);
  });
});
