/**
 * Every Sheets custom function, from the built Code.js in the Apps Script
 * fakes, against every reshaped variant of the sandbox (support/reshape) and
 * the old-names scenario: each returns its table, header row first, with the
 * figures the Data API document names, never a contract error
 * (docs/service-drift.md).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { CUSTOM_FUNCTION_NAMES, CUSTOM_FUNCTIONS } from '../../apps-script/src/functions.js';
import { ENDPOINTS } from '../../shared/api/endpoints.js';
import { driftProbes } from '../../shared/drift.js';
import { knownColumns } from '../../shared/table/columns.js';
import { rowShapeOf } from '../../shared/table/normalize.js';
import { BUILT_SERVICE_URL } from '../../support/apps-script/harness.js';
import { RESHAPE_VARIANTS, type ReshapeVariant } from '../../support/reshape/reshape.js';
import { useSandbox } from '../apps-script/fakes/context.js';

const suite = useSandbox();
let reshapers: Record<ReshapeVariant, string>;
beforeAll(async () => {
  reshapers = await suite.sandbox.reshapers();
});

type Grid = unknown[][];

/** One formula per request the drift check makes: the function of its endpoint, its input as arguments. */
function formulas(): Array<{ label: string; name: string; args: unknown[] }> {
  const probes = [{ name: 'projects' as const, input: {} }, ...driftProbes(1001, 'a')];
  return probes.map((probe) => {
    const name = CUSTOM_FUNCTION_NAMES.find(
      (each) => CUSTOM_FUNCTIONS[each].endpoint === probe.name,
    )!;
    const { project, ...rest } = probe.input as Record<string, unknown>;
    const positional = CUSTOM_FUNCTIONS[name].positional.map(({ param }) => {
      const value = rest[param];
      delete rest[param];
      return value ?? '';
    });
    const options = Object.entries(rest)
      .map(([key, value]) => `${key}=${String(value)}`)
      .join('; ');
    const args = probe.name === 'projects' ? [options] : [project, ...positional, options];
    return { label: `${name}(${args.map((arg) => JSON.stringify(arg)).join(', ')})`, name, args };
  });
}

const sources: Array<{ label: string; base: () => string; token: string }> = [
  ...RESHAPE_VARIANTS.map((variant) => ({
    label: variant,
    base: () => reshapers[variant],
    token: 'aivis_test_entry',
  })),
  { label: 'old names', base: () => suite.sandbox.baseUrl, token: 'aivis_test_old_names' },
];

describe.each(sources)('$label: every custom function returns its table', ({ base, token }) => {
  test.each(formulas())('$label', ({ name, args }) => {
    const addon = suite.load({ baseUrl: base(), token, routes: { [BUILT_SERVICE_URL]: base() } });
    const grid = addon.call(name, ...args) as Grid;
    expect(Array.isArray(grid)).toBe(true);
    const header = grid[0] as unknown[];
    expect(header.length).toBeGreaterThan(0);
    expect(header.every((cell) => typeof cell === 'string' && cell !== '')).toBe(true);
    for (const row of grid) expect(row).toHaveLength(header.length);
    // No cell carries a contract complaint or the token.
    const text = JSON.stringify(grid);
    expect(text).not.toMatch(/does not understand|aivis_test_/);
  });
});

describe('the figures survive the reshaping', () => {
  test('numeric strings arrive in cells as numbers', () => {
    const base = reshapers['numeric-strings'];
    const addon = suite.load({ baseUrl: base, routes: { [BUILT_SERVICE_URL]: base } });
    const grid = addon.call('AIVIS_SUMMARY', 1001, 'ai_visibility', '') as Grid;
    const score = grid.find((row) => row[0] === 'ai_visibility' && row[1] === 'score');
    expect(typeof score?.[2]).toBe('number');
  });

  test('trends over pages and countries are rows beside the query rows', () => {
    const base = reshapers['row-kinds'];
    const addon = suite.load({ baseUrl: base, routes: { [BUILT_SERVICE_URL]: base } });
    const grid = addon.call('AIVIS_SEARCH', 1001, 'trends', '') as Grid;
    const header = grid[0] as string[];
    const dimension = header.indexOf('dimension');
    expect(dimension).toBeGreaterThan(-1);
    expect(grid.slice(1).map((row) => row[dimension])).toEqual(
      expect.arrayContaining(['page', 'country']),
    );
  });

  test('a single-brand detail: one row per platform, the brand it is about and the expected columns first', () => {
    const base = reshapers['single-brand'];
    const addon = suite.load({ baseUrl: base, routes: { [BUILT_SERVICE_URL]: base } });
    const grid = addon.call('AIVIS_COMPETITORS', 1001, 'detail', 'competitor=Lumen') as Grid;
    // The body names the brand the detail is about, and the table puts it first (RowsLocation.about).
    const about = ENDPOINTS.competitors.rows?.({ dataset: 'detail' })?.about;
    expect(about).toBeDefined();
    const expected = [
      about!.column,
      ...knownColumns(rowShapeOf('competitors', { dataset: 'detail' })).map(
        (column) => column.name,
      ),
    ];
    expect((grid[0] as string[]).slice(0, expected.length)).toEqual(expected);
    expect(grid.length - 1).toBeGreaterThan(0);
  });

  test('an unknown block and platform come back as rows beside the known ones', () => {
    const base = reshapers['unknown-platform-block'];
    const addon = suite.load({ baseUrl: base, routes: { [BUILT_SERVICE_URL]: base } });
    const grid = addon.call('AIVIS_SUMMARY', 1001, 'ai_visibility', '') as Grid;
    const cells = grid.slice(1).map((row) => row.join(' '));
    expect(cells.some((row) => row.includes('copilot_plus'))).toBe(true);
    expect(cells.some((row) => row.startsWith('ai_visibility score '))).toBe(true);
  });

  test('next_call of the real names reads as the documented next_request column', () => {
    const base = reshapers['real-names'];
    const addon = suite.load({ baseUrl: base, routes: { [BUILT_SERVICE_URL]: base } });
    const grid = addon.call('AIVIS_ACTION_PLAN', 1001, '', '') as Grid;
    const header = grid[0] as string[];
    const link = header.indexOf('next_request');
    expect(link).toBeGreaterThan(-1);
    expect(grid.slice(1).some((row) => String(row[link]).includes('/projects/1001/'))).toBe(true);
  });
});
