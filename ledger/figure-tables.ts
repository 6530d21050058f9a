/**
 * The typed tables of the connected sources' datasets and the other bodies
 * that carry figures (search-performance, AI traffic, competitor history,
 * cited domains; docs/ledger.md, "Tables"), filled by ledger/figure-rows.ts
 * from the bodies the snapshot keeps. Part of LEDGER_TABLES (tables.ts), so
 * the DDL, the exports and the docs follow them.
 */
import {
  type Column,
  day,
  flag,
  int,
  num,
  project,
  type TableDefinition,
  text,
} from './columns.js';

const engine: Column = { name: 'engine', type: 'text', doc: '`google` or `bing`' };
const searchMetrics = [
  int('clicks', 'clicks'),
  int('impressions', 'impressions'),
  num('ctr', '0-1'),
  num('position', 'average position'),
];
const trafficMetrics = [
  int('sessions', 'sessions'),
  int('users', 'users'),
  int('engaged_sessions', 'engaged sessions'),
  int('conversions', 'conversions'),
];
const grain: Column = {
  name: 'grain',
  type: 'text',
  doc: '`day` (dataset `daily`) or `month` (dataset `history`, summed per calendar month)',
};
const date: Column = {
  name: 'date',
  type: 'date',
  doc: 'the day the figures are for; for a month, its first day',
};
const rowNumber: Column = {
  name: 'row_number',
  type: 'integer',
  doc: "the row's place in the service's list, from 1",
};

/** A connected source's envelope (data-api 2.5): when it was collected and the window. */
const sourceEnvelope = [
  text('fetched_at', "the service's `fetched_at`"),
  flag('is_stale', "the service's `is_stale`"),
  { name: 'period_start', type: 'date', nullable: true, doc: 'first day of the window' },
  { name: 'period_end', type: 'date', nullable: true, doc: 'last day of the window' },
] as const satisfies readonly Column[];

export const FIGURE_TABLES = [
  {
    name: 'search_totals',
    doc: 'Each search engine’s totals of its window and of the window before, as the service gave them that day (search-performance `summary`).',
    columns: [
      project,
      day,
      engine,
      ...sourceEnvelope,
      ...searchMetrics,
      int('previous_clicks', 'the window before'),
      int('previous_impressions', 'the window before'),
      num('previous_ctr', 'the window before, 0-1'),
      num('previous_position', 'the window before'),
    ],
    primaryKey: ['project_id', 'day', 'engine'],
    dayColumn: 'day',
    exported: true,
  },
  {
    name: 'traffic_totals',
    doc: 'GA4 AI traffic totals of the window as the service gave them that day (ai-traffic `summary`).',
    columns: [project, day, ...sourceEnvelope, ...trafficMetrics],
    primaryKey: ['project_id', 'day'],
    dayColumn: 'day',
    exported: true,
  },
  {
    name: 'search_series',
    doc: 'The search engines’ daily and monthly series as the service gave them that day (search-performance `daily` and `history`, its default 30-day window).',
    columns: [project, day, engine, grain, date, ...searchMetrics],
    primaryKey: ['project_id', 'day', 'engine', 'grain', 'date'],
    dayColumn: 'day',
    exported: true,
  },
  {
    name: 'search_lists',
    doc: 'The stored top samples of that day (search-performance `top_queries`, `top_pages`, `top_countries`, `queries_by_country`, `opportunities`, `trends`, `ai_question_queries`), one row per listed row; the columns a dataset does not have are null.',
    columns: [
      project,
      day,
      engine,
      { name: 'dataset', type: 'text', doc: 'the search-performance dataset' },
      rowNumber,
      text('query', 'untrusted text'),
      text('page', 'untrusted text, never a link'),
      text('country', 'country code'),
      text('dimension', '`trends`: query, page or country'),
      text('reason', '`opportunities`: why it is one'),
      text('direction', '`trends`: growing or falling'),
      ...searchMetrics,
      int('previous_clicks', '`trends`: clicks in the first half of the window'),
      num('clicks_change', '`trends`: change of clicks'),
    ],
    primaryKey: ['project_id', 'day', 'engine', 'dataset', 'row_number'],
    dayColumn: 'day',
    exported: true,
  },
  {
    name: 'traffic_series',
    doc: 'GA4 AI traffic per day and per month as the service gave it that day (ai-traffic `daily` and `history`); `platform` `all` unless the service splits a month per platform.',
    columns: [
      project,
      day,
      grain,
      date,
      { name: 'platform', type: 'text', doc: 'AI platform, or `all`' },
      ...trafficMetrics,
    ],
    primaryKey: ['project_id', 'day', 'grain', 'date', 'platform'],
    dayColumn: 'day',
    exported: true,
  },
  {
    name: 'traffic_sources',
    doc: 'GA4 AI traffic per AI source in the window of that day (ai-traffic `sources`).',
    columns: [
      project,
      day,
      { name: 'source', type: 'text', doc: 'AI source' },
      num('share', 'share of AI sessions, %'),
      ...trafficMetrics,
    ],
    primaryKey: ['project_id', 'day', 'source'],
    dayColumn: 'day',
    exported: true,
  },
  {
    name: 'traffic_landing_pages',
    doc: 'Landing pages of AI visitors in the window of that day (ai-traffic `landing_pages`).',
    columns: [
      project,
      day,
      rowNumber,
      text('path', 'untrusted text, never a link'),
      text('top_source', 'the AI source bringing most sessions'),
      ...trafficMetrics,
    ],
    primaryKey: ['project_id', 'day', 'row_number'],
    dayColumn: 'day',
    exported: true,
  },
  {
    name: 'competitor_history',
    doc: 'The stored monthly competitor snapshots as the service gave them that day (competitors `history`).',
    columns: [
      project,
      day,
      { name: 'month', type: 'date', doc: 'first day of the month' },
      { name: 'brand', type: 'text', doc: 'brand name (untrusted text)' },
      flag('is_own_brand', 'the project’s own brand'),
      int('rank', 'rank in the month'),
      num('visibility', '%'),
      int('mentions', 'mentions'),
    ],
    primaryKey: ['project_id', 'day', 'month', 'brand'],
    dayColumn: 'day',
    exported: true,
  },
  {
    name: 'cited_domains',
    doc: 'Cited domains in the window of that day (citations `group_by=domain`).',
    columns: [
      project,
      day,
      { name: 'domain', type: 'text', doc: 'untrusted text, never a link' },
      int('citations', 'times cited'),
      int('urls', 'distinct URLs cited'),
      num('share', 'share of citations, %'),
      flag('is_own_site', 'the project website'),
    ],
    primaryKey: ['project_id', 'day', 'domain'],
    dayColumn: 'day',
    exported: true,
  },
] as const satisfies readonly TableDefinition[];
