/**
 * docs/service-drift.md against the code: its list of assumed fields is the
 * schemas' (scripts/assumed-fields.ts), and its table of what each front
 * end shows has a row for every answer with assumed fields and for every
 * known other name (shared/aliases.ts).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASSUMED_FIELDS_SECTION, assumedFieldList } from '../../scripts/assumed-fields.js';
import { rewriteSection, sectionText, withSection } from '../../scripts/generated-section.js';
import { FIELD_ALIASES } from '../../shared/aliases.js';
import { ENDPOINT_NAMES } from '../../shared/api/endpoints.js';

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
  it('lists exactly the assumed fields the schemas mark (npm run docs:assumed-fields rewrites it)', () => {
    expect(sectionText(ASSUMED_FIELDS_SECTION, PAGE), 'run npm run docs:assumed-fields').toBe(
      assumedFieldList(),
    );
  });

  it('is rewritten by the command from a stale page, the rest of the page kept', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aivis-assumed-'));
    const copy = { ...ASSUMED_FIELDS_SECTION, path: join(dir, 'service-drift.md') };
    const stale = withSection(copy, PAGE, '- `GET /projects/{project}`: `id`');
    writeFileSync(copy.path, stale);
    expect(rewriteSection(copy, assumedFieldList())).toBe(true);
    expect(readFileSync(copy.path, 'utf8')).toBe(PAGE);
    expect(rewriteSection(copy, assumedFieldList())).toBe(false);
    rmSync(dir, { recursive: true });
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
