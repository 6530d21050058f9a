// @vitest-environment happy-dom
/**
 * Assumed fields removed, renamed and retyped at random (fast-check, the
 * mutations of test/shared/assumed-mutations.ts), fed to every kind of
 * front end: the widget's render (happy-dom), the Sheets function's table
 * and the Looker report's getData (the built bundles in the Apps Script
 * fakes). None throws or shows a contract error, and each still shows the
 * rows the document names (docs/service-drift.md).
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadAddon } from '../../support/apps-script/harness.js';
import { skipSleep } from '../../support/apps-script/services.js';
import type { SyncHttp } from '../../support/apps-script/sync-http.js';
import { configure } from '../../widget/index.js';
import '../../widget/index.js';
import { loadConnector } from '../looker-studio/fakes/harness.js';
import { CASES, damage, type Json, mutation } from '../shared/assumed-mutations.js';
import { mount, part, settled, shadow, text } from '../widget/dom.js';
import { API_BASE, json, TOKEN } from '../widget/fake-api.js';
import { useFakeApi } from '../widget/suite.js';

const api = useFakeApi({ lang: 'en-US' });
const RUNS = 30;

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

/** Blocking HTTP that answers every request with the current body, as the service would. */
function answering(current: () => Json): SyncHttp {
  return {
    send: (requests) =>
      requests.map(() => ({
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(current()),
      })),
    close: async () => 0,
  };
}

/** Per body: the widget that shows it, the Sheets call, the Looker report, and the row count the document names. */
const FRONT_ENDS: Record<
  string,
  {
    widget: keyof HTMLElementTagNameMap;
    sheets: unknown[];
    report: string;
    rows: (body: Json) => number;
  }
> = {
  summary: {
    widget: 'aivis-visibility-score',
    sheets: ['AIVIS_SUMMARY', 1001, '', ''],
    report: 'summary:ai_visibility',
    rows: () => 1,
  },
  'action-plan': {
    widget: 'aivis-action-plan',
    sheets: ['AIVIS_ACTION_PLAN', 1001, '', ''],
    report: 'action-plan',
    rows: (body) => (body.actions as unknown[]).length,
  },
  competitors: {
    widget: 'aivis-competitor-ranking',
    sheets: ['AIVIS_COMPETITORS', 1001, 'ranking', ''],
    report: 'competitors:ranking',
    rows: (body) => (body.competitors as unknown[]).length,
  },
};

/** The case's body as one whole page (the fixtures say more pages follow; these fakes answer one body). */
function onePage(body: Json): Json {
  const copy = structuredClone(body);
  const pagination = copy.pagination as { returned: number } | undefined;
  if (pagination) copy.pagination = { ...pagination, total: pagination.returned, has_more: false };
  return copy;
}

const RANGE = { startDate: '2026-10-02', endDate: '2026-10-31' };

describe.each(CASES.map((each) => [each.name, each] as const))('%s', (name, each) => {
  const front = FRONT_ENDS[name]!;

  it('the widget renders without a contract error', async () => {
    let body: Json = each.body;
    api.rewrite(() => json(body));
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 6 }), async (mutations) => {
        body = onePage(each.body);
        damage(body, each.assumedAt, mutations);
        // A fresh request cache per run: each run's body is a new answer.
        configure({ baseUrl: API_BASE, token: TOKEN, fetch: api.fetch });
        const widget = mount(front.widget, { project: '1001' }) as unknown as HTMLElement;
        await settled(widget as never);
        expect(part(widget, 'error'), text(part(widget, 'error'))).toBeNull();
        expect(text(shadow(widget))).not.toMatch(/cannot show/);
        widget.remove();
      }),
      { numRuns: RUNS },
    );
  });

  it('the Sheets function returns its table, one row per row the document names', () => {
    let body: Json = each.body;
    const addon = loadAddon({
      http: answering(() => body),
      baseUrl: API_BASE,
      token: TOKEN,
      sleep: skipSleep,
    });
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 6 }), (mutations) => {
        body = onePage(each.body);
        damage(body, each.assumedAt, mutations);
        addon.scriptCache.entries.clear();
        const [fn, ...args] = front.sheets as [string, ...unknown[]];
        const grid = addon.call(fn, ...args) as unknown[][];
        const header = grid[0] as unknown[];
        for (const row of grid) expect(row).toHaveLength(header.length);
        if (name !== 'summary') expect(grid.length - 1).toBe(front.rows(body));
      }),
      { numRuns: RUNS },
    );
  });

  it('the Looker report loads, one row per row the document names', () => {
    let body: Json = each.body;
    const connector = loadConnector({
      http: answering(() => body),
      baseUrl: API_BASE,
      token: TOKEN,
      sleep: skipSleep,
    });
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 6 }), (mutations) => {
        body = onePage(each.body);
        damage(body, each.assumedAt, mutations);
        connector.scriptCache.entries.clear();
        const configParams = { project: '1001', report: front.report };
        const schema = connector.call('getSchema', { configParams }) as {
          schema: Array<{ name: string }>;
        };
        const data = connector.call('getData', {
          configParams,
          dateRange: RANGE,
          fields: schema.schema.map((field) => ({ name: field.name })),
          scriptParams: { lastRefresh: '1' },
        }) as { rows: Array<{ values: string[] }> };
        expect(data.rows).toHaveLength(front.rows(body));
      }),
      { numRuns: RUNS },
    );
  });
});
