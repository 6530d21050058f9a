/**
 * The ledger's tables, written once: both engines' DDL, the export's
 * BigQuery schema and Parquet types, and the column reference of
 * docs/ledger.md are generated from this list (docs/ledger.md, "Tables").
 */

import {
  type ColumnType,
  day,
  flag,
  int,
  num,
  project,
  type TableDefinition,
  text,
} from './columns.js';
import { FIGURE_TABLES } from './figure-tables.js';

export type { Column, ColumnType, TableDefinition } from './columns.js';

export const LEDGER_TABLES = [
  {
    name: 'snapshots',
    doc: 'One row per project and day; a day counts once `status` is `complete`.',
    columns: [
      project,
      day,
      {
        name: 'status',
        type: 'text',
        doc: '`partial` while bodies are being fetched, then `complete`',
      },
      { name: 'requests', type: 'integer', doc: 'requests spent on the day so far' },
      text('completed_at', 'when the day was completed (machine time, for the operator)'),
    ],
    primaryKey: ['project_id', 'day'],
    dayColumn: 'day',
    exported: true,
  },
  {
    name: 'bodies',
    doc: 'Every answer body as fetched (token scrubbed, gzip), with its request and the period used.',
    columns: [
      project,
      day,
      { name: 'request', type: 'text', doc: 'path and query under /api/v1' },
      { name: 'status', type: 'integer', doc: 'HTTP status' },
      text('fetched_at', "the service's `fetched_at` or `period.latest_check_at`"),
      flag('is_stale', "the service's `is_stale`, where it says"),
      text('period_used', '`period.used`'),
      { name: 'period_start', type: 'date', nullable: true, doc: '`period.start`' },
      { name: 'period_end', type: 'date', nullable: true, doc: '`period.end`' },
      { name: 'received_at', type: 'text', doc: 'when the body arrived (machine time)' },
      { name: 'body_gzip', type: 'blob', doc: 'the body, gzip' },
    ],
    primaryKey: ['project_id', 'day', 'request'],
    dayColumn: 'day',
    exported: false,
  },
  {
    name: 'daily_score',
    doc: "The project's visibility as the service gave it that day (its report window).",
    columns: [
      project,
      day,
      text('period_used', 'the window the figures cover'),
      { name: 'period_start', type: 'date', nullable: true, doc: 'first day of the window' },
      num('score', 'visibility score, 0-100'),
      num('share_of_voice', 'own share of voice, %'),
      num('score_delta', 'change against the previous window'),
      num('previous_score', 'the previous window'),
      int('answers', 'answers in the window'),
      int('brand_named', 'answers naming the brand'),
      num('brand_named_rate', '%'),
      num('average_prominence', '0-3'),
      int('negative_answers', 'answers with a negative sentiment'),
      int('not_yet_judged', 'answers waiting for their judgment'),
    ],
    primaryKey: ['project_id', 'day'],
    dayColumn: 'day',
    exported: true,
  },
  {
    name: 'mentions_by_platform',
    doc: 'Mentions of the brand per AI platform in the window of that day.',
    columns: [
      project,
      day,
      { name: 'platform', type: 'text', doc: 'AI platform' },
      int('mentions', 'answers naming the brand'),
      int('answers', 'answers'),
      num('mention_rate', '%'),
    ],
    primaryKey: ['project_id', 'day', 'platform'],
    dayColumn: 'day',
    exported: true,
  },
  {
    name: 'ranking_rows',
    doc: 'The competitor ranking of that day, own brand included.',
    columns: [
      project,
      day,
      { name: 'rank', type: 'integer', doc: 'rank' },
      { name: 'brand', type: 'text', doc: 'brand name (untrusted text)' },
      flag('is_own_brand', 'the project’s own brand'),
      num('visibility', '%'),
      int('mentions', 'mentions'),
      num('share_of_voice', '%'),
      num('average_prominence', '0-3'),
    ],
    primaryKey: ['project_id', 'day', 'rank'],
    dayColumn: 'day',
    exported: true,
  },
  {
    name: 'share_of_voice',
    doc: 'Share of voice per brand that day (from the ranking).',
    columns: [
      project,
      day,
      { name: 'brand', type: 'text', doc: 'brand name (untrusted text)' },
      flag('is_own_brand', 'the project’s own brand'),
      num('share_of_voice', '%'),
    ],
    primaryKey: ['project_id', 'day', 'brand'],
    dayColumn: 'day',
    exported: true,
  },
  {
    name: 'questions',
    doc: 'Each question in series: a question whose text changes keeps its id and starts a new series (a new row); `valid_to` is the day the next series was first seen, null for the current one.',
    columns: [
      project,
      { name: 'prompt_id', type: 'integer', doc: "the service's question id" },
      {
        name: 'question_series',
        type: 'text',
        doc: 'question id and a hash of its text, as `answers.question_series`',
      },
      { name: 'text', type: 'text', doc: 'the question (untrusted text)' },
      flag('is_primary', 'the primary question, checked daily'),
      { name: 'valid_from', type: 'date', doc: 'the snapshot day this text was first seen' },
      {
        name: 'valid_to',
        type: 'date',
        nullable: true,
        doc: 'the day a new text replaced it; null while current',
      },
    ],
    primaryKey: ['project_id', 'question_series'],
    dayColumn: 'valid_from',
    exported: true,
  },
  {
    name: 'answers',
    doc: 'Each answer in versions: a new row when its judgment changes (null → judged, re-judged); `valid_to` is null for the current one.',
    columns: [
      { name: 'answer_id', type: 'bigint', doc: "the service's answer id" },
      project,
      { name: 'prompt_id', type: 'integer', doc: 'the question' },
      text(
        'question_series',
        'question id and a hash of the text the check asked (`questions`): a changed question starts a new series',
      ),
      { name: 'platform', type: 'text', doc: 'AI platform' },
      { name: 'checked_at', type: 'text', doc: 'when the platform was asked (ISO 8601, UTC)' },
      { name: 'check_day', type: 'date', doc: 'the day of `checked_at`' },
      int('prominence_level', '0-3, null until judged'),
      flag('on_topic', 'null until judged'),
      flag('brand_mentioned', 'null until judged'),
      text('brand_sentiment', 'null until judged or when the brand is not named'),
      text('brand_drawback', 'untrusted text'),
      text('evidence_quote', 'untrusted text'),
      text('names_brands', 'JSON array of brand names'),
      text('cited_urls', 'JSON array of URLs'),
      { name: 'valid_from', type: 'date', doc: 'the snapshot day this version was first seen' },
      {
        name: 'valid_to',
        type: 'date',
        nullable: true,
        doc: 'the day a newer version replaced it; null while current',
      },
    ],
    primaryKey: ['answer_id', 'valid_from'],
    dayColumn: 'valid_from',
    exported: true,
  },
  {
    name: 'citations',
    doc: 'Cited URLs in the window of that day.',
    columns: [
      project,
      day,
      { name: 'url', type: 'text', doc: 'untrusted text, never a link' },
      text('domain', 'domain'),
      int('citations', 'times cited'),
      int('answers', 'answers citing it'),
      flag('is_own_site', 'on the project website'),
    ],
    primaryKey: ['project_id', 'day', 'url'],
    dayColumn: 'day',
    exported: true,
  },
  {
    name: 'search_figures',
    doc: 'Search-engine totals per engine as the service gave them that day.',
    columns: [
      project,
      day,
      { name: 'engine', type: 'text', doc: '`google` or `bing`' },
      text('fetched_at', "the service's `fetched_at`"),
      flag('is_stale', "the service's `is_stale`"),
      { name: 'period_end', type: 'date', nullable: true, doc: 'last day the figures cover' },
      int('clicks', 'clicks'),
      int('impressions', 'impressions'),
      num('ctr', '0-1'),
      num('position', 'average position'),
    ],
    primaryKey: ['project_id', 'day', 'engine'],
    dayColumn: 'day',
    exported: true,
  },
  {
    name: 'traffic_figures',
    doc: 'GA4 sessions from AI sources as the service gave them that day; `source` `all` holds the totals.',
    columns: [
      project,
      day,
      { name: 'source', type: 'text', doc: 'AI source, or `all`' },
      text('fetched_at', "the service's `fetched_at`"),
      flag('is_stale', "the service's `is_stale`"),
      { name: 'period_end', type: 'date', nullable: true, doc: 'last day the figures cover' },
      int('sessions', 'sessions'),
      int('users', 'users (totals only)'),
    ],
    primaryKey: ['project_id', 'day', 'source'],
    dayColumn: 'day',
    exported: true,
  },
  ...FIGURE_TABLES,
] as const satisfies readonly TableDefinition[];

export type LedgerTableName = (typeof LEDGER_TABLES)[number]['name'];
export const EXPORTED_TABLES = LEDGER_TABLES.filter((table) => table.exported).map(
  (table) => table.name,
);

export function tableNamed(name: string): TableDefinition | undefined {
  return LEDGER_TABLES.find((table) => table.name === name);
}

/** The schema version this code writes; a ledger with a higher one is refused (docs/ledger.md). */
export const LEDGER_SCHEMA_VERSION = 1;

export type Dialect = 'duckdb' | 'postgres';

const SQL_TYPES: Record<Dialect, Record<ColumnType, string>> = {
  duckdb: {
    integer: 'INTEGER',
    bigint: 'BIGINT',
    double: 'DOUBLE',
    text: 'VARCHAR',
    boolean: 'BOOLEAN',
    date: 'DATE',
    blob: 'BLOB',
  },
  postgres: {
    integer: 'INTEGER',
    bigint: 'BIGINT',
    double: 'DOUBLE PRECISION',
    text: 'TEXT',
    boolean: 'BOOLEAN',
    date: 'DATE',
    blob: 'BYTEA',
  },
};

export const sqlType = (dialect: Dialect, type: ColumnType) => SQL_TYPES[dialect][type];

/** CREATE TABLE IF NOT EXISTS for one table in one engine's dialect. */
export function createTableSql(table: TableDefinition, dialect: Dialect): string {
  const columns = table.columns.map(
    (column) =>
      `${column.name} ${sqlType(dialect, column.type)}${column.nullable ? '' : ' NOT NULL'}`,
  );
  return `CREATE TABLE IF NOT EXISTS ${table.name} (${columns.join(', ')}, PRIMARY KEY (${table.primaryKey.join(', ')}))`;
}
