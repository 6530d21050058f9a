/**
 * docs/sheets.md's function table is generated from CUSTOM_FUNCTIONS
 * (scripts/sheets/function-table.ts), and every example it shows runs in the
 * vm harness against the showcase account it names.
 */
import { describe, expect, test } from 'vitest';
import { CUSTOM_FUNCTION_NAMES, CUSTOM_FUNCTIONS } from '../../apps-script/src/functions.js';
import {
  documentedFunctionTable,
  functionTableMarkdown,
} from '../../scripts/sheets/function-table.js';
import { useSandbox } from './fakes/context.js';

const suite = useSandbox();

describe("docs/sheets.md's function table", () => {
  test('is the generated one (npx tsx scripts/sheets/function-table.ts)', () => {
    expect(documentedFunctionTable()).toBe(functionTableMarkdown());
  });

  test.each(CUSTOM_FUNCTION_NAMES)(
    '%s: its example answers a table for the showcase account',
    (name) => {
      const example = CUSTOM_FUNCTIONS[name].example;
      const call = /^=([A-Z_]+)\((.*)\)$/.exec(example);
      expect(call?.[1]).toBe(name);
      const args = JSON.parse(`[${call![2]}]`) as unknown[];
      if (args.length > 0) expect(args[0]).toBe(3001);
      const addon = suite.load({ token: 'aivis_test_showcase' });
      const grid = addon.call(name, ...args) as unknown[][];
      expect(grid.length).toBeGreaterThan(1);
      expect(grid[0]!.every((cell) => typeof cell === 'string' && cell !== '')).toBe(true);
    },
  );
});
