/**
 * Exports read back by readers that share no code with the writers
 * (docs/ledger.md, "Export"): Python's csv module for CSV, JSON.parse and
 * the schema file for NDJSON, hyparquet for Parquet. Hostile API text stays
 * text in each.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asyncBufferFromFile, parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_USAGE, main as exportCli } from '../../scripts/ledger-export.js';
import { dayAfterDefault, FakeClock, sandboxOn, snapshot, temporaryFolder } from './fixtures.js';
import { ledgerLocations } from './stores.js';

const HOSTILE_BRAND = '=HYPERLINK("http://evil.example","win")';

async function runExport(args: string[]) {
  let out = '';
  let err = '';
  const code = await exportCli(
    args,
    {},
    {
      out: (text) => {
        out += text;
      },
      err: (text) => {
        err += text;
      },
    },
  );
  return { code, out, err };
}

describe.each(ledgerLocations())('exports from $engine', ({ location: make }) => {
  const temp = temporaryFolder();
  let ledger: string;
  const range = () => [
    '--from',
    dayAfterDefault(1),
    '--to',
    dayAfterDefault(2),
    '--ledger',
    ledger,
  ];

  beforeAll(async () => {
    ledger = await make(temp.folder);
    const clock = new FakeClock();
    for (const offset of [1, 2]) {
      const run = await snapshot(sandboxOn(dayAfterDefault(offset), clock), clock, ledger, {
        args: ['--project', '1001'],
      });
      expect(run.code).toBe(0);
    }
  }, 120_000);
  afterAll(() => temp.remove());

  it('CSV: read by Python, formula-like text neutralized, every day in the range', async () => {
    const { code, out } = await runExport([
      '--table',
      'ranking_rows',
      '--format',
      'csv',
      ...range(),
    ]);
    expect(code).toBe(0);
    const parsed = JSON.parse(
      execFileSync(
        'python3',
        ['-c', 'import csv,sys,json; print(json.dumps(list(csv.DictReader(sys.stdin))))'],
        {
          input: out,
        },
      ).toString(),
    ) as Array<Record<string, string>>;
    expect(new Set(parsed.map((row) => row.day))).toEqual(
      new Set([dayAfterDefault(1), dayAfterDefault(2)]),
    );
    const brands = parsed.map((row) => row.brand);
    expect(brands).toContain(`'${HOSTILE_BRAND}`);
    expect(brands).not.toContain(HOSTILE_BRAND);
  });

  it('NDJSON: one object a line, the BigQuery schema beside it naming every field', async () => {
    const file = join(temp.folder, 'answers.ndjson');
    const { code } = await runExport([
      '--table',
      'answers',
      '--format',
      'ndjson',
      '--out',
      file,
      ...range(),
    ]);
    expect(code).toBe(0);
    const rows = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    const schema = JSON.parse(readFileSync(`${file}.schema.json`, 'utf8')) as Array<{
      name: string;
      type: string;
      mode: string;
    }>;
    expect(rows.length).toBeGreaterThan(96);
    for (const field of schema)
      expect(['INTEGER', 'FLOAT', 'STRING', 'BOOLEAN', 'DATE']).toContain(field.type);
    expect(Object.keys(rows[0]).sort()).toEqual(schema.map((field) => field.name).sort());
    for (const field of schema.filter((entry) => entry.mode === 'REQUIRED'))
      for (const row of rows) expect(row[field.name], field.name).not.toBeNull();
    expect(rows.some((row) => String(row.evidence_quote).includes('<script>'))).toBe(true);
  });

  it('Parquet: read by hyparquet with the same rows and types', async () => {
    const file = join(temp.folder, 'ranking.parquet');
    const { code } = await runExport([
      '--table',
      'ranking_rows',
      '--format',
      'parquet',
      '--out',
      file,
      ...range(),
    ]);
    expect(code).toBe(0);
    const csv = await runExport(['--table', 'ranking_rows', '--format', 'csv', ...range()]);
    const rows = (await parquetReadObjects({ file: await asyncBufferFromFile(file) })) as Array<
      Record<string, unknown>
    >;
    expect(rows.length).toBe(csv.out.trimEnd().split('\r\n').length - 1);
    expect(rows.map((row) => row.brand)).toContain(HOSTILE_BRAND);
    const first = rows[0]!;
    expect(typeof first.rank).toBe('number');
    expect(typeof first.is_own_brand).toBe('boolean');
    expect(first.day).toBeInstanceOf(Date);
  });

  it('names the tables in its help and refuses an unknown one, a bad date or parquet to stdout', async () => {
    const help = await runExport(['--help']);
    expect(help.out).toBe(`${EXPORT_USAGE}\n`);
    expect(help.out).toContain('daily_score');
    expect((await runExport(['--table', 'bodies', '--format', 'csv', ...range()])).err).toContain(
      '--table must be one of',
    );
    expect(
      (
        await runExport([
          '--table',
          'answers',
          '--format',
          'csv',
          '--from',
          '2026-02-30',
          '--to',
          '2026-03-01',
          '--ledger',
          ledger,
        ])
      ).err,
    ).toContain('--from needs a calendar date');
    expect((await runExport(['--table', 'answers', '--format', 'parquet', ...range()])).code).toBe(
      2,
    );
  });
});
