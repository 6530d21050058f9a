/**
 * The endpoint subset of the widget bundles: the table keeps exactly
 * the listed entries of shared/api/endpoints.ts, each as it is written there,
 * and a list that does not fit the table fails the build instead of shipping
 * a table without an endpoint the element calls.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { keepEndpoints } from '../../scripts/endpoint-subset-plugin.js';
import { CATALOGUE_ENDPOINTS } from '../../scripts/widget/build.js';
import { ENDPOINT_NAMES, ENDPOINTS, type EndpointName } from '../../shared/api/endpoints.js';

const API_DIR = fileURLToPath(new URL('../../shared/api/', import.meta.url));
const SOURCE = readFileSync(`${API_DIR}endpoints.ts`, 'utf8');
const scratch = mkdtempSync(join(tmpdir(), 'aivis-endpoint-subset-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The subset module, with its imports pointed back at shared/api, loaded as the build would. */
async function loadSubset(
  names: readonly EndpointName[],
): Promise<typeof import('../../shared/api/endpoints.js')> {
  const code = keepEndpoints(SOURCE, names).replaceAll("from './", `from '${API_DIR}`);
  const file = join(scratch, `endpoints-${names.join('-') || 'none'}.ts`);
  writeFileSync(file, code);
  return import(file);
}

describe('keepEndpoints (the widget bundles carry only the endpoints their elements call)', () => {
  it.each([[['citations']], [['summary', 'competitors']], [['search-performance']], [[]]] as Array<
    [EndpointName[]]
  >)('keeps exactly %j, each as the table writes it', async (names) => {
    const subset = await loadSubset(names);
    expect(subset.ENDPOINT_NAMES).toEqual(ENDPOINT_NAMES.filter((name) => names.includes(name)));
    for (const name of names) {
      const kept = subset.ENDPOINTS[name];
      expect(JSON.stringify(kept)).toBe(JSON.stringify(ENDPOINTS[name]));
      expect(kept.rows({ group_by: 'domain', dataset: 'history' })).toEqual(
        ENDPOINTS[name].rows({ group_by: 'domain', dataset: 'history' }),
      );
    }
    expect(SOURCE.length - keepEndpoints(SOURCE, names).length).toBeGreaterThan(0);
  });

  it('keeps the whole table when every endpoint is listed', () => {
    expect(keepEndpoints(SOURCE, ENDPOINT_NAMES)).toBe(SOURCE);
  });

  it('fails on an endpoint the table does not have, or on a table it cannot read', () => {
    expect(() => keepEndpoints(SOURCE, ['citation'])).toThrow(/no endpoint citation/);
    expect(() => keepEndpoints('export const TABLE = {};', ['citations'])).toThrow(/no `export/);
    const odd = SOURCE.replace(
      'export const ENDPOINTS = {\n',
      'export const ENDPOINTS = {\n  ...extra,\n',
    );
    expect(() => keepEndpoints(odd, ['citations'])).toThrow(/unexpected line/);
  });

  it("the catalogue's list names endpoints of the table", async () => {
    expect(CATALOGUE_ENDPOINTS.length).toBeGreaterThan(0);
    for (const name of CATALOGUE_ENDPOINTS) expect(ENDPOINT_NAMES).toContain(name);
    const subset = await loadSubset(['citations']);
    expect(subset.needsProject('citations')).toBe(true);
  });
});
