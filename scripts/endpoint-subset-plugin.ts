/**
 * A Vite plugin for a standalone element bundle: the endpoint table
 * (shared/api/endpoints.ts) keeps only the endpoints that element calls, so a
 * page with one element does not load every other endpoint's parameter rules
 * and vocabularies (about 1 KB gzip). The table stays the one source: whole
 * entries are dropped from it at build time, nothing is restated. Bundles that
 * may call any endpoint (the catalogue, the dashboard, the action plan, which
 * follows any action's next_request) build without a list and keep it whole.
 */
import type { Plugin } from 'vite';

const TABLE_START = 'export const ENDPOINTS = {\n';
const TABLE_END = '\n} as const;';
/** An entry's first line, `  name: define({` or `  'a-name': define({`, and its last, `  }),`. */
const ENTRY_START = /^ {2}'?([a-z][a-z-]*)'?: define\(\{$/;
const ENTRY_END = '  }),';

/** endpoints.ts with only the named entries in ENDPOINTS; fails when the table is not as expected. */
export function keepEndpoints(code: string, names: readonly string[]): string {
  const start = code.indexOf(TABLE_START);
  const end = code.indexOf(TABLE_END, start);
  if (start < 0 || end < 0)
    throw new Error('endpoint-subset: no `export const ENDPOINTS = {` table');
  const lines = code.slice(start + TABLE_START.length, end).split('\n');
  const kept: string[] = [];
  const found = new Set<string>();
  let entry: { name: string; lines: string[] } | undefined;
  // Blank lines between entries go with the entry before them.
  let keptLast = true;
  for (const line of lines) {
    if (entry) {
      entry.lines.push(line);
      if (line === ENTRY_END) {
        keptLast = names.includes(entry.name);
        if (keptLast) kept.push(...entry.lines);
        found.add(entry.name);
        entry = undefined;
      }
      continue;
    }
    const name = ENTRY_START.exec(line)?.[1];
    if (name) entry = { name, lines: [line] };
    else if (line.trim() !== '') {
      throw new Error(`endpoint-subset: unexpected line in ENDPOINTS: ${line}`);
    } else if (keptLast) kept.push(line);
  }
  if (entry)
    throw new Error(`endpoint-subset: the entry ${entry.name} does not end with '${ENTRY_END}'`);
  const missing = names.filter((name) => !found.has(name));
  if (missing.length > 0) throw new Error(`endpoint-subset: no endpoint ${missing.join(', ')}`);
  return `${code.slice(0, start + TABLE_START.length)}${kept.join('\n')}${code.slice(end)}`;
}

/** Keeps only `names` in the endpoint table of this build; every endpoint without a list. */
export function endpointSubsetPlugin(names?: readonly string[]): Plugin {
  return {
    name: 'aivis-endpoint-subset',
    enforce: 'pre',
    transform(code, id) {
      if (!names || !/\/shared\/api\/endpoints\.ts$/.test(id)) return undefined;
      return { code: keepEndpoints(code, names), map: null };
    },
  };
}
