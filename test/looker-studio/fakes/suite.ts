/**
 * Per-suite setup for the connector: the add-on's sandbox thread and blocking
 * HTTP (test/apps-script/fakes/context.ts), a loader for the built Code.js,
 * and the calls Looker Studio makes, written the way it sends them.
 */
import type { StartSandboxOptions } from '../../../sandbox/server.js';
import { skipSleep } from '../../../support/apps-script/services.js';
import { useSandbox } from '../../apps-script/fakes/context.js';
import type { ConfigParamJson, FieldJson } from './data-studio.js';
import { type Connector, type ConnectorOptions, loadConnector } from './harness.js';

export const ENTRY_TOKEN = 'aivis_test_entry';

export interface Range {
  startDate: string;
  endDate: string;
}

export interface DataResponse {
  schema: FieldJson[];
  rows: Array<{ values: string[] }>;
}

export function useConnectorSuite(options: StartSandboxOptions = { rateLimit: false }) {
  const suite = useSandbox(options);
  const load = (overrides: Partial<ConnectorOptions> = {}): Connector =>
    loadConnector({
      http: suite.http,
      baseUrl: suite.sandbox.baseUrl,
      token: ENTRY_TOKEN,
      sleep: skipSleep,
      ...overrides,
    });
  const config = (connector: Connector, params: Record<string, string> = {}) =>
    connector.call('getConfig', { configParams: params }) as {
      configParams: ConfigParamJson[];
      dateRangeRequired: boolean;
      isSteppedConfig: boolean;
    };
  const schema = (connector: Connector, params: Record<string, string>) =>
    (connector.call('getSchema', { configParams: params }) as { schema: FieldJson[] }).schema;
  const data = (
    connector: Connector,
    params: Record<string, string>,
    range: Range,
    fields?: string[],
  ): DataResponse => {
    const names = fields ?? schema(connector, params).map((field) => field.name);
    return connector.call('getData', {
      configParams: params,
      dateRange: range,
      fields: names.map((name) => ({ name })),
      scriptParams: { lastRefresh: '1700000000000' },
    }) as DataResponse;
  };
  /** Every row of a list straight from the sandbox, page by page (at most 200 pages). */
  const apiRows = (path: string, key: string): Array<Record<string, unknown>> => {
    const rows: Array<Record<string, unknown>> = [];
    const join = path.includes('?') ? '&' : '?';
    for (let page = 0, offset = 0; page < 200; page++) {
      const { body } = suite.api(`${path}${join}offset=${offset}`);
      const answer = body as Record<string, unknown> & { pagination?: { has_more: boolean } };
      const list = (answer[key] ?? []) as Array<Record<string, unknown>>;
      rows.push(...list);
      if (!answer.pagination?.has_more) break;
      offset += list.length;
    }
    return rows;
  };
  return { suite, load, config, schema, data, apiRows };
}

/** A column of a data response by field name. */
export function column(response: DataResponse, name: string): string[] {
  const index = response.schema.findIndex((field) => field.name === name);
  if (index < 0) throw new Error(`no field ${name} in the response`);
  return response.rows.map((row) => row.values[index]!);
}

const DAY_MS = 86_400_000;
/** The date `days` after (or before) an ISO date. */
export const shiftDate = (isoDate: string, days: number): string =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
