/**
 * docs/service-drift.md against the code: its list of assumed fields is the
 * schemas' (test/drift/assumed-fields.ts), and its table of what each front
 * end shows has a row for every answer with assumed fields and for every
 * known other name (shared/aliases.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIELD_ALIASES } from '../../shared/aliases.js';
import { ENDPOINT_NAMES } from '../../shared/api/endpoints.js';
import { assumedFieldList } from './assumed-fields.js';

const PAGE = readFileSync(new URL('../../docs/service-drift.md', import.meta.url), 'utf8');

/** The first cells of the table under the heading "What each front end shows…". */
function missingRows(): string[] {
  const section = PAGE.slice(PAGE.indexOf('## What each front end shows'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| Missing')));
  return table
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Missing'))
    .map((line) => line.split(' | ')[0]!.slice(2));
}

describe('docs/service-drift.md', () => {
  it('lists exactly the assumed fields the schemas mark', () => {
    const block = /<!-- assumed-fields:start[^>]*-->\n([\s\S]*?)\n<!-- assumed-fields:end -->/.exec(
      PAGE,
    );
    expect(block, 'the assumed-fields markers').not.toBeNull();
    expect(block![1]).toBe(assumedFieldList());
  });

  it('says what each front end shows for every answer with assumed fields', () => {
    const rows = missingRows();
    const withAssumed = ENDPOINT_NAMES.filter((name) =>
      assumedFieldList().includes(
        `GET /projects/{project}${name === 'summary' ? '`' : `/${name}`}`,
      ),
    );
    expect(withAssumed.length).toBeGreaterThan(5);
    for (const name of withAssumed)
      expect(
        rows.some((cell) => cell.startsWith(`\`${name}\``)),
        name,
      ).toBe(true);
  });

  it('says what each front end shows for every concept with another known name', () => {
    const rows = missingRows().join('\n');
    for (const [key, alias] of Object.entries(FIELD_ALIASES))
      for (const name of alias.names) expect(rows, `${key}: ${name}`).toContain(name);
  });
});
