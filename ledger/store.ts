/**
 * The ledger: one store over either engine (ledger/driver.ts). A day is
 * written in two steps (docs/ledger.md, "Versions, not overwrites"): bodies
 * as they arrive, each kept on its own, so a killed run loses nothing it
 * fetched; then the typed rows and the `complete` mark in one transaction,
 * so a day is whole or not counted. Every insert ignores a row already
 * there: running a day again adds nothing.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  describeLocation,
  isPostgresUrl,
  oneAtATime,
  type SqlDriver,
  type SqlQueries,
  type SqlRow,
} from './driver.js';
import { insertRows } from './insert-rows.js';
import { fileUnderAskedSeries, versionQuestions } from './question-versions.js';
import type { SeriesMetric } from './series-metrics.js';
import {
  createTableSql,
  LEDGER_SCHEMA_VERSION,
  LEDGER_TABLES,
  type LedgerTableName,
  type TableDefinition,
  tableNamed,
} from './tables.js';

/** Rows per read of an export: memory stays bounded however long the ledger. */
export const ROWS_PER_READ = 5_000;

export interface StoredBody {
  request: string;
  status: number;
  fetched_at: string | null;
  is_stale: boolean | null;
  period_used: string | null;
  period_start: string | null;
  period_end: string | null;
  received_at: string;
  text: string;
}

/** An answer as the snapshot read it; the store adds valid_from / valid_to. */
export type AnswerRow = SqlRow & { answer_id: number; check_day: string };

/** The typed rows of one project's day. */
export interface DerivedDay {
  rows: Partial<
    Record<Exclude<LedgerTableName, 'answers' | 'bodies' | 'snapshots' | 'questions'>, SqlRow[]>
  >;
  /** The questions block's questions with the series of their current text. */
  questions?: SqlRow[];
  answers: AnswerRow[];
}

/** Fields whose change makes a new version of an answer. */
const VERSIONED_FIELDS = [
  'prominence_level',
  'on_topic',
  'brand_mentioned',
  'brand_sentiment',
  'brand_drawback',
  'evidence_quote',
  'names_brands',
  'cited_urls',
] as const;

export class LedgerVersionError extends Error {}

export class LedgerStore {
  readonly location: string;
  constructor(
    readonly driver: SqlDriver,
    location: string,
  ) {
    this.location = describeLocation(location);
  }

  /** Creates the tables on first use; refuses a ledger a newer version wrote. */
  async prepare(): Promise<void> {
    await this.driver.run(
      'CREATE TABLE IF NOT EXISTS ledger_meta (key TEXT NOT NULL PRIMARY KEY, value TEXT NOT NULL)',
    );
    const [row] = await this.driver.all(
      "SELECT value FROM ledger_meta WHERE key = 'schema_version'",
    );
    const found = row ? Number(row.value) : undefined;
    if (found !== undefined && !(found <= LEDGER_SCHEMA_VERSION))
      throw new LedgerVersionError(
        `The ledger at ${this.location} was written by a newer aivis (schema ${row?.value}; this one knows ${LEDGER_SCHEMA_VERSION}). Update aivis before writing to it; nothing was changed.`,
      );
    for (const table of LEDGER_TABLES)
      await this.driver.run(createTableSql(table, this.driver.dialect));
    if (found === undefined)
      await this.driver.run(
        "INSERT INTO ledger_meta (key, value) VALUES ('schema_version', $1) ON CONFLICT DO NOTHING",
        [String(LEDGER_SCHEMA_VERSION)],
      );
  }

  async dayStatus(projectId: number, day: string): Promise<'complete' | 'partial' | undefined> {
    const [row] = await this.driver.all(
      'SELECT status FROM snapshots WHERE project_id = $1 AND day = $2',
      [projectId, day],
    );
    return row ? (row.status as 'complete' | 'partial') : undefined;
  }

  async beginDay(projectId: number, day: string): Promise<void> {
    await this.driver.run(
      "INSERT INTO snapshots (project_id, day, status, requests) VALUES ($1, $2, 'partial', 0) ON CONFLICT DO NOTHING",
      [projectId, day],
    );
  }

  async storedRequests(projectId: number, day: string): Promise<Set<string>> {
    const rows = await this.driver.all(
      'SELECT request FROM bodies WHERE project_id = $1 AND day = $2',
      [projectId, day],
    );
    return new Set(rows.map((row) => String(row.request)));
  }

  /** Keeps one body at once (its own statement): a kill after it loses nothing fetched. */
  async putBody(projectId: number, day: string, body: StoredBody): Promise<void> {
    const { text, ...fields } = body;
    await this.#insert(tableNamed('bodies')!, [
      { project_id: projectId, day, ...fields, body_gzip: new Uint8Array(gzipSync(text)) },
    ]);
    await this.driver.run(
      'UPDATE snapshots SET requests = requests + 1 WHERE project_id = $1 AND day = $2',
      [projectId, day],
    );
  }

  async bodies(projectId: number, day: string): Promise<StoredBody[]> {
    const rows = await this.driver.all(
      'SELECT * FROM bodies WHERE project_id = $1 AND day = $2 ORDER BY request',
      [projectId, day],
    );
    return rows.map(({ body_gzip, project_id: _p, day: _d, ...fields }) => ({
      ...(fields as Omit<StoredBody, 'text'>),
      text: gunzipSync(body_gzip as Uint8Array).toString('utf8'),
    }));
  }

  /** The typed rows, the answers' new versions and the `complete` mark: all or nothing. */
  async completeDay(projectId: number, day: string, derived: DerivedDay, completedAt: string) {
    await this.driver.transaction(async (tx) => {
      for (const [name, rows] of Object.entries(derived.rows))
        await insertRows(
          tx,
          tableNamed(name)!,
          rows.map((row) => ({ project_id: projectId, day, ...row })),
        );
      await versionQuestions(tx, projectId, day, derived.questions ?? []);
      await versionAnswers(tx, projectId, day, derived.answers);
      await tx.run(
        "UPDATE snapshots SET status = 'complete', completed_at = $3 WHERE project_id = $1 AND day = $2",
        [projectId, day, completedAt],
      );
    });
  }

  #insert(table: TableDefinition, rows: readonly SqlRow[]): Promise<void> {
    return insertRows(this.driver, table, rows);
  }

  /** An exported table's rows whose day falls in [from, to], page by page, in key order. */
  async *rows(table: TableDefinition, from: string, to: string): AsyncGenerator<SqlRow[]> {
    const names = table.columns.map((column) => column.name).join(', ');
    for (let offset = 0; ; offset += ROWS_PER_READ) {
      const page = await this.driver.all(
        `SELECT ${names} FROM ${table.name} WHERE ${table.dayColumn} BETWEEN $1 AND $2 ORDER BY ${table.primaryKey.join(', ')} LIMIT ${ROWS_PER_READ} OFFSET ${offset}`,
        [from, to],
      );
      if (page.length > 0) yield page;
      if (page.length < ROWS_PER_READ) return;
    }
  }

  /** One daily figure of complete days, oldest first (docs/ledger.md, "Series"). */
  async series(projectId: number, metric: SeriesMetric, from: string, to: string) {
    const rows = await this.driver.all(
      `SELECT d.day AS day, d.${metric} AS value FROM daily_score d JOIN snapshots s ON s.project_id = d.project_id AND s.day = d.day WHERE d.project_id = $1 AND d.day BETWEEN $2 AND $3 AND s.status = 'complete' ORDER BY d.day`,
      [projectId, from, to],
    );
    return rows.map((row) => ({ day: String(row.day), value: row.value as number | null }));
  }

  close(): Promise<void> {
    return this.driver.close();
  }
}

export { insertRows } from './insert-rows.js';
export { SERIES_METRICS, type SeriesMetric } from './series-metrics.js';

/** Each answer kept once per version: a changed answer closes the old version and opens a new one. */
async function versionAnswers(
  tx: SqlQueries,
  projectId: number,
  day: string,
  answers: AnswerRow[],
): Promise<void> {
  if (answers.length === 0) return;
  await fileUnderAskedSeries(tx, projectId, answers);
  const oldest = [day, ...answers.map((row) => row.check_day)].sort()[0]!;
  const current = new Map<number, SqlRow>();
  for (const row of await tx.all(
    'SELECT * FROM answers WHERE project_id = $1 AND valid_to IS NULL AND check_day >= $2',
    [projectId, oldest],
  ))
    current.set(Number(row.answer_id), row);
  const fresh: SqlRow[] = [];
  for (const answer of answers) {
    const seen = current.get(answer.answer_id);
    // A check's series is fixed when first kept: a later change of its question starts a new
    // series for later checks, never a new version of this one.
    if (seen) answer.question_series = seen.question_series as string | null;
    if (seen && (String(seen.valid_from) >= day || sameVersion(seen, answer))) continue;
    if (seen)
      await tx.run('UPDATE answers SET valid_to = $3 WHERE answer_id = $1 AND valid_from = $2', [
        answer.answer_id,
        seen.valid_from as string,
        day,
      ]);
    fresh.push({ ...answer, project_id: projectId, valid_from: day, valid_to: null });
  }
  await insertRows(tx, tableNamed('answers')!, fresh);
}

function sameVersion(stored: SqlRow, answer: SqlRow): boolean {
  return VERSIONED_FIELDS.every((field) => (stored[field] ?? null) === (answer[field] ?? null));
}

/** Opens the ledger a location names: a postgres:// URL, or a file path for DuckDB. */
export async function openLedger(location: string): Promise<LedgerStore> {
  const driver = oneAtATime(
    isPostgresUrl(location)
      ? await (await import('./postgres-driver.js')).openPostgres(location)
      : await (await import('./duckdb-driver.js')).openDuckDb(location),
  );
  const store = new LedgerStore(driver, location);
  try {
    await store.prepare();
  } catch (error) {
    await driver.close();
    throw error;
  }
  return store;
}
