/**
 * Against a service that answers with other names, another period shape,
 * numeric strings, unknown platforms and blocks, other row kinds and a
 * single-brand detail (support/reshape/reshape.ts in front of the sandbox):
 * the client reads every endpoint and dataset, toTable turns each into rows,
 * the figures the Data API document names survive, and the drift check
 * names each difference — and none against the plain sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import type { EndpointName } from '../../shared/api/endpoints.js';
import { createClient } from '../../shared/client/async-client.js';
import { fetchExchange } from '../../shared/client/fetch-exchange.js';
import type { HttpRequest } from '../../shared/client/types.js';
import { driftProbes, formatDriftReport, runDriftCheck } from '../../shared/drift.js';
import { differencesOf } from '../../shared/http/reconcile.js';
import { toTable } from '../../shared/table/normalize.js';
import {
  RESHAPE_VARIANTS,
  type ReshapeVariant,
  type RunningReshaper,
  startReshaper,
} from '../../support/reshape/reshape.js';

const TOKEN = 'aivis_test_entry';

const send = (request: HttpRequest) => fetchExchange(request);

let sandbox: RunningSandbox;
const reshapers = new Map<ReshapeVariant, RunningReshaper>();

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false });
  for (const variant of RESHAPE_VARIANTS)
    reshapers.set(variant, await startReshaper(sandbox.baseUrl, variant));
});
afterAll(async () => {
  for (const reshaper of reshapers.values()) await reshaper.close();
  await sandbox.close();
});

/** Every endpoint and dataset the check reads, through the client, as tables. */
async function readEverything(baseUrl: string, token = TOKEN) {
  const client = createClient({ baseUrl, token });
  const bodies: Array<{ name: EndpointName; body: unknown }> = [];
  const projects = await client.get('projects', {});
  bodies.push({ name: 'projects', body: projects });
  for (const probe of driftProbes(1001, 'a')) {
    const body = await client.get(probe.name, probe.input as never);
    const table = toTable(probe.name, probe.input as never, body);
    expect(table.columns.length, `${probe.name} ${JSON.stringify(probe.input)}`).toBeGreaterThan(0);
    for (const row of table.rows) expect(row).toHaveLength(table.columns.length);
    bodies.push({ name: probe.name, body });
  }
  return bodies;
}

describe('every front-end reader against reshaped answers', () => {
  it('plain sandbox: the drift check finds nothing', async () => {
    const report = await runDriftCheck({ baseUrl: sandbox.baseUrl, token: TOKEN }, send);
    expect(formatDriftReport(report)).toContain('Nothing differs');
    expect(report.exitCode).toBe(0);
    expect(report.endpoints.length).toBeGreaterThan(20);
  });

  for (const variant of RESHAPE_VARIANTS) {
    it(`${variant}: every endpoint reads, every table has rows, the named fields survive`, async () => {
      const baseUrl = reshapers.get(variant)!.baseUrl;
      const bodies = await readEverything(baseUrl);
      const plan = bodies.find((each) => each.name === 'action-plan')!.body as {
        status: string;
        actions: Array<{ next_request?: string }>;
      };
      expect(['ready', 'needs_data', 'no_priority_signals']).toContain(plan.status);
      // next_call of the real names is read as the documented next_request.
      for (const action of plan.actions) expect(action.next_request).toMatch(/\/projects\/1001\//);
      const summary = bodies.find((each) => each.name === 'summary')!.body as {
        included: string[];
        report_url: string;
      };
      expect(summary.included.length).toBeGreaterThan(0);
      expect(typeof summary.report_url).toBe('string');
    });
  }

  it('numeric strings are read as numbers', async () => {
    const client = createClient({
      baseUrl: reshapers.get('numeric-strings')!.baseUrl,
      token: TOKEN,
    });
    const summary = await client.get('summary', { project: 1001, include: ['ai_visibility'] });
    const score = summary.ai_visibility?.score;
    expect(typeof score).toBe('number');
  });

  it('another period shape: the period is reported missing, never a failure', async () => {
    const client = createClient({ baseUrl: reshapers.get('period-shape')!.baseUrl, token: TOKEN });
    const summary = await client.get('summary', { project: 1001, include: ['ai_visibility'] });
    const paths = differencesOf(summary).map((item) => `${item.kind} ${item.path}`);
    expect(paths).toContain('missing period.used');
  });

  it('the old-names scenario reads under the real names', async () => {
    const client = createClient({ baseUrl: sandbox.baseUrl, token: 'aivis_test_old_names' });
    const summary = await client.get('summary', { project: 1001, include: ['ai_visibility'] });
    expect(summary.ai_visibility?.performance_comparison).toBeDefined();
    expect(differencesOf(summary)).toEqual([
      expect.objectContaining({ kind: 'renamed', found: 'change' }),
    ]);
    const answers = await client.get('answers', { project: 1001, limit: 3 });
    expect(answers.answers?.[0]?.search_queries).toBeInstanceOf(Array);
  });

  it.each([
    ['real-names', 'renamed', 'actions[].next_request'],
    ['period-shape', 'missing', 'period.used'],
    ['unknown-platform-block', 'extra', 'brand_health'],
    ['row-kinds', 'missing', 'rows[].users'],
    ['numeric-strings', 'type', 'rows[].ctr'],
  ] as const)('%s: the drift check names the difference (%s %s)', async (variant, kind, path) => {
    const baseUrl = reshapers.get(variant)!.baseUrl;
    const report = await runDriftCheck({ baseUrl, token: TOKEN }, send);
    // A known other name is read all the same: nothing to send (docs/service-drift.md).
    expect(report.exitCode).toBe(kind === 'renamed' ? 0 : 1);
    const found = report.endpoints.flatMap((item) =>
      item.differences.map((difference) => `${difference.kind} ${difference.path}`),
    );
    expect(found).toContain(`${kind} ${path}`);
    expect(formatDriftReport(report)).not.toContain(TOKEN);
  });

  it('single-brand: the detail is what the client now expects (found, one brand, per platform)', async () => {
    const baseUrl = reshapers.get('single-brand')!.baseUrl;
    const report = await runDriftCheck({ baseUrl, token: TOKEN }, send);
    const detail = report.endpoints.find((item) => item.request.includes('dataset=detail'));
    expect(detail).toMatchObject({ status: 200, differences: [] });
  });

  it('a bad token or an unreachable service: exit code 2 with the reason', async () => {
    const refused = await runDriftCheck(
      { baseUrl: sandbox.baseUrl, token: 'aivis_test_revoked' },
      send,
    );
    expect(refused).toMatchObject({ exitCode: 2 });
    expect(refused.reason).toMatch(/token was refused/);
    const unreachable = await runDriftCheck({ baseUrl: 'http://127.0.0.1:9', token: TOKEN }, send);
    expect(unreachable).toMatchObject({ exitCode: 2 });
    expect(unreachable.reason).toMatch(/could not be reached/);
  });
});
