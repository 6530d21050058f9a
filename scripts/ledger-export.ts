/**
 * `npm run aivis -- export --table NAME --from YYYY-MM-DD --to YYYY-MM-DD
 * --format csv|ndjson|parquet [--out FILE] [--ledger FILE|postgres://...]`:
 * one ledger table out (docs/ledger.md, "Export"). Both dates are included;
 * CSV and NDJSON go to stdout without --out; NDJSON with --out writes its
 * BigQuery schema beside it (FILE.schema.json).
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { describeLocation } from '../ledger/driver.js';
import {
  EXPORT_FORMATS,
  type ExportFormat,
  exportParquet,
  exportText,
  writeBigQuerySchema,
} from '../ledger/export.js';
import { openLedger } from '../ledger/store.js';
import { EXPORTED_TABLES, tableNamed } from '../ledger/tables.js';
import { isCalendarDate } from '../shared/api/param-rules.js';

export const EXPORT_USAGE = `Usage: npm run aivis -- export --table NAME --from YYYY-MM-DD --to YYYY-MM-DD --format csv|ndjson|parquet [--out FILE] [--ledger FILE|postgres://...]
  both dates included; without --out, CSV and NDJSON go to stdout; AIVIS_LEDGER stands in for --ledger
  tables: ${EXPORTED_TABLES.join(', ')}`;

export async function main(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
  io: { out?: (text: string) => void; err?: (text: string) => void } = {},
): Promise<number> {
  const out = io.out ?? ((text: string) => process.stdout.write(text));
  const err = io.err ?? ((text: string) => process.stderr.write(text));
  const fail = (message: string) => {
    err(`${message}\n`);
    return 2;
  };
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: [...argv],
      options: {
        table: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        format: { type: 'string' },
        out: { type: 'string' },
        ledger: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    return fail(`${(error as Error).message}\n${EXPORT_USAGE}`);
  }
  if (values.help) {
    out(`${EXPORT_USAGE}\n`);
    return 0;
  }
  const name = String(values.table ?? '');
  const table = tableNamed(name);
  if (!table?.exported)
    return fail(`--table must be one of ${EXPORTED_TABLES.join(', ')}, not '${name}'.`);
  for (const flag of ['from', 'to'] as const)
    if (typeof values[flag] !== 'string' || !isCalendarDate(values[flag]))
      return fail(`--${flag} needs a calendar date as YYYY-MM-DD, not '${values[flag] ?? ''}'.`);
  const [from, to] = [values.from as string, values.to as string];
  if (to < from) return fail(`--to (${to}) is before --from (${from}).`);
  const format = String(values.format ?? '') as ExportFormat;
  if (!EXPORT_FORMATS.includes(format))
    return fail(`--format must be one of ${EXPORT_FORMATS.join(', ')}, not '${format}'.`);
  const file = typeof values.out === 'string' ? values.out : undefined;
  if (format === 'parquet' && !file) return fail('--format parquet needs --out FILE.');
  const location = (values.ledger as string | undefined) ?? env.AIVIS_LEDGER;
  if (!location)
    return fail('--ledger or AIVIS_LEDGER names the ledger (a file, or a postgres:// URL).');
  let store: Awaited<ReturnType<typeof openLedger>>;
  try {
    store = await openLedger(location);
  } catch (error) {
    return fail(
      `The ledger ${describeLocation(location)} could not be opened: ${(error as Error).message}`,
    );
  }
  try {
    let count: number;
    if (format === 'parquet') count = await exportParquet(store, table, from, to, file!);
    else if (!file) count = await exportText(store, table, format, from, to, out);
    else {
      const descriptor = openSync(file, 'w');
      try {
        count = await exportText(store, table, format, from, to, (text) => {
          writeSync(descriptor, text);
        });
      } finally {
        closeSync(descriptor);
      }
      if (format === 'ndjson') writeBigQuerySchema(table, `${file}.schema.json`);
    }
    if (file) err(`export: ${count} rows of ${table.name} written to ${file}\n`);
    return 0;
  } finally {
    await store.close();
  }
}
