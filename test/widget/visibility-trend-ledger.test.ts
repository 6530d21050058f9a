// @vitest-environment happy-dom
/**
 * <aivis-visibility-trend history-since>: months before the API's window come
 * from the proxy's ledger series (docs/widgets.md, "Months before the API's
 * window"); a proxy without a ledger leaves the API's months and a quiet note.
 */
import { describe, expect, it } from 'vitest';
import { pollUntil } from '../../support/poll.js';
import '../../widget/index.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { requestCache } from '../../widget/internal/connection.js';
import {
  dayBefore,
  ledgerMonthsOf,
  ledgerQuery,
} from '../../widget/visibility-trend/ledger-history.js';
import { mount, part, parts, settled, shadow, text } from './dom.js';
import { API_BASE, json, TOKEN } from './fake-api.js';
import { useFakeApi } from './suite.js';

const api = useFakeApi({ lang: 'en-US' });
const isLedger = (url: URL) => url.pathname.startsWith('/ledger/v1/');

/** The API's oldest month for project 1001, as the element asks for it (12 months). */
async function firstApiMonth(): Promise<string> {
  const body = await api.body('/api/v1/projects/1001/competitors?dataset=history&limit=12');
  return body.history.map((snapshot: { month: string }) => snapshot.month).sort()[0];
}

/** Two months of daily points before `first`: 20 in the older month, 80 in the newer. */
function pointsBefore(first: string) {
  const newer = dayBefore(first).slice(0, 7);
  const older = dayBefore(newer).slice(0, 7);
  const days = (month: string, value: number) =>
    Array.from({ length: 3 }, (_, day) => ({ day: `${month}-0${day + 1}`, value }));
  return { older, newer, points: [...days(older, 20), ...days(newer, 80)] };
}

async function mountWithLedger(attributes: Record<string, string>) {
  const widget = mount('aivis-visibility-trend', {
    project: '1001',
    competitors: '0',
    ...attributes,
  });
  await settled(widget);
  return widget;
}

const tableRows = (widget: Element) =>
  [...shadow(widget).querySelectorAll('tbody tr')].map((row) => text(row));

describe('<aivis-visibility-trend history-since> (the proxy’s ledger)', () => {
  it('draws the ledger’s months before the API’s, and its Details name them', async () => {
    const first = await firstApiMonth();
    const { older, newer, points } = pointsBefore(first);
    api.rewrite((url, answer) => (isLedger(url) ? json({ source: 'ledger', points }) : answer()));
    const widget = await mountWithLedger({ 'history-since': `${older}-01` });
    await pollUntil(() => part(widget, 'ledger') !== null, { what: 'the ledger Details' });
    const rows = tableRows(widget);
    expect(rows[0]).toMatch(/\(ledger\).*20(\.0)?\s?%/);
    expect(rows[1]).toMatch(/\(ledger\).*80(\.0)?\s?%/);
    expect(rows[2]).not.toContain('(ledger)');
    expect(shadow(widget).querySelectorAll('circle.ledger')).toHaveLength(2);
    const details = text(part(widget, 'ledger'));
    expect(details).toContain("proxy's ledger");
    expect(details).toMatch(new RegExp(`${monthName(older)}.*${monthName(newer)}`));
    // One request to the series route, for the days before the API's window, without the token.
    const calls = api.calls.filter((call) => isLedger(new URL(call.url)));
    expect(calls).toHaveLength(1);
    const query = new URL(calls[0]!.url).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      metric: 'score',
      from: `${older}-01`,
      to: dayBefore(first),
    });
    expect(calls[0]!.authorized).toBe(false);
    expect(part(widget, 'error')).toBeNull();
  });

  it('runs the docs/widgets.md snippet: the ledger’s months before the API’s', async () => {
    // happy-dom's import.meta.url is no file (readme-snippets.ts cannot load here): read from the root.
    const page = readFileSync(join(process.cwd(), 'docs/widgets.md'), 'utf8');
    const blocks = [...page.matchAll(/^```html\n([\s\S]*?)^```$/gm)]
      .map((match) => match[1]!)
      .filter((code) => code.includes('history-since='));
    expect(blocks).toHaveLength(1);
    const snippet = blocks[0]!;
    // The site and proxy path every widgets.md snippet uses (test/browser/readme-snippets.ts).
    const proxy = 'https://intranet.example/aivis-proxy';
    expect(snippet).toContain(proxy);
    const first = await firstApiMonth();
    const { points } = pointsBefore(first);
    api.rewrite((url, answer) => (isLedger(url) ? json({ source: 'ledger', points }) : answer()));
    // The fake API stands in for the proxy, which keeps the token: the provider carries it here.
    document.body.innerHTML = snippet
      .replaceAll(proxy, API_BASE)
      .replace('<aivis-provider ', `<aivis-provider token="${TOKEN}" `);
    const widget = document.querySelector('aivis-visibility-trend')!;
    await settled(widget);
    await pollUntil(() => part(widget, 'ledger') !== null, { what: 'the ledger Details' });
    const from = /history-since="([^"]+)"/.exec(snippet)![1];
    const call = api.calls.find((recorded) => isLedger(new URL(recorded.url)))!;
    expect(new URL(call.url).searchParams.get('from')).toBe(from);
    expect(new URL(call.url).pathname).toBe('/ledger/v1/projects/1001/series');
  });

  it('shows the API’s months with a quiet note when the proxy keeps no ledger (404)', async () => {
    api.rewrite((url, answer) =>
      isLedger(url) ? json({ error: { code: 'not_found', message: 'no ledger' } }, 404) : answer(),
    );
    const widget = await mountWithLedger({ 'history-since': '2020-01-01' });
    await pollUntil(() => text(part(widget, 'meta')).includes('keeps no ledger'), {
      what: 'the no-ledger note',
    });
    expect(part(widget, 'error')).toBeNull();
    expect(part(widget, 'ledger')).toBeNull();
    expect(tableRows(widget).join(' ')).not.toContain('(ledger)');
    expect(parts(widget, 'point').length).toBeGreaterThan(0);
  });

  it('shares one ledger request between two trend cards, through the page’s request cache', async () => {
    const first = await firstApiMonth();
    const { older, points } = pointsBefore(first);
    api.rewrite((url, answer) => (isLedger(url) ? json({ source: 'ledger', points }) : answer()));
    const cards = [
      mount('aivis-visibility-trend', { project: '1001', 'history-since': `${older}-01` }),
      mount('aivis-visibility-trend', {
        project: '1001',
        competitors: '0',
        'history-since': `${older}-01`,
      }),
    ];
    for (const card of cards) await settled(card);
    await pollUntil(() => cards.every((card) => part(card, 'ledger') !== null), {
      what: 'both cards’ ledger Details',
    });
    expect(api.calls.filter((call) => isLedger(new URL(call.url)))).toHaveLength(1);
  });

  it('asks no ledger without the attribute', async () => {
    const widget = await mountWithLedger({});
    await widget.updateComplete;
    expect(api.calls.filter((call) => isLedger(new URL(call.url)))).toHaveLength(0);
    expect(part(widget, 'ledger')).toBeNull();
  });

  it('refuses a history-since that is not a date, naming the attribute', async () => {
    const widget = await mountWithLedger({ 'history-since': '2020-13-01' });
    await pollUntil(() => part(widget, 'error') !== null, { what: 'the error box' });
    expect(text(part(widget, 'error'))).toContain('history-since');
    expect(text(part(widget, 'error'))).toContain('YYYY-MM-DD');
    // Refused before anything went out: neither the ledger nor the API was asked.
    expect(api.calls).toHaveLength(0);
    // Mended, it asks: the API, then the ledger.
    widget.setAttribute('history-since', '2020-01-01');
    await pollUntil(() => api.calls.some((call) => isLedger(new URL(call.url))), {
      what: 'the ledger request',
    });
    expect(part(widget, 'error')).toBeNull();
  });

  it('stays an inert chart for hostile or reshaped series bodies', async () => {
    const first = await firstApiMonth();
    const before = dayBefore(first);
    const huge = `{"day":"${before}","value":1e999}`;
    const hostile = [
      'not json',
      JSON.stringify({ points: 'many' }),
      JSON.stringify({ points: [{ day: before, value: '<img src=x onerror=alert(1)>' }] }),
      `{"points":[{"day":"<b>x</b>","value":50},null,7,{"value":1e999},${huge}]}`,
      `{"points":[${Array.from({ length: 10_000 }, () => huge).join(',')}]}`,
      // Valid points, but more bytes than the widget reads: refused as a whole, not read on.
      `{"points":[${Array.from({ length: 14_000 }, () => `{"day":"${before}","value":50}`).join(',')}]}`,
    ];
    for (const body of hostile) {
      // Each body is its own answer: the page's cache would serve the last one again.
      requestCache().clear();
      api.rewrite((url, answer) =>
        isLedger(url) ? new Response(body, { status: 200 }) : answer(),
      );
      const asked = api.calls.filter((call) => isLedger(new URL(call.url))).length;
      const widget = await mountWithLedger({ 'history-since': '2020-01-01' });
      await pollUntil(
        () => api.calls.filter((call) => isLedger(new URL(call.url))).length > asked,
        { what: 'the ledger request' },
      );
      await widget.updateComplete;
      expect(part(widget, 'error')).toBeNull();
      expect(part(widget, 'ledger')).toBeNull();
      expect(shadow(widget).querySelector('img')).toBeNull();
      widget.remove();
    }
  });
});

describe('ledgerMonthsOf / ledgerQuery (bounded, checked)', () => {
  it('averages checked points per month before the API’s window, and reads at most 4,000', () => {
    const points = [
      { day: '2026-01-02', value: 10 },
      { day: '2026-01-03', value: 20 },
      { day: '2026-01-04', value: Number.NaN },
      { day: '2026-01-05', value: '90' },
      { day: '2026-01-32', value: 90 },
      { day: '2026-02-01', value: 101 },
      { day: '2026-03-01', value: 50 },
    ];
    expect(ledgerMonthsOf({ points }, '2026-03')).toEqual([{ month: '2026-01', value: 15 }]);
    const many = Array.from({ length: 10_000 }, (_, index) => ({
      day: index < 4_000 ? '2025-01-01' : '2025-02-01',
      value: 40,
    }));
    expect(ledgerMonthsOf({ points: many }, '2026-03')).toEqual([{ month: '2025-01', value: 40 }]);
    for (const body of [null, 'x', 5, {}, { points: {} }, { points: [null, [], 'a'] }])
      expect(ledgerMonthsOf(body, '2026-03')).toEqual([]);
  });

  it('asks up to the day before the API’s first month, within the route’s 3,660-day span', () => {
    expect(ledgerQuery('2026-01-15', '2026-03')).toEqual({ from: '2026-01-15', to: '2026-02-28' });
    expect(ledgerQuery('2026-03-01', '2026-03')).toBeUndefined();
    expect(ledgerQuery('1900-01-01', '2026-03')?.from).toBe('2016-02-22');
  });
});

function monthName(month: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(
    new Date(`${month}-15T00:00:00Z`),
  );
}
