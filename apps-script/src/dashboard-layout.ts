/**
 * Where everything goes on a dashboard sheet, as data: blocks of values
 * (scorecards, the tables the charts read, top actions, footer) and chart
 * specifications whose ranges cover exactly the rows written, so the charts
 * follow the data on every refresh. Pure: the API bodies in, a layout out.
 */
import type { SheetValue } from './sheet-values.js';

interface Period {
  used?: string;
  start?: string;
  end?: string;
  latest_check_at?: string;
}
interface Brand {
  name: string;
  is_own_brand: boolean;
  visibility: number;
}
export interface DashboardData {
  project: number;
  summary: {
    period?: Period;
    profile?: { brand_name?: string };
    ai_visibility?: {
      score?: number | null;
      share_of_voice?: number | null;
      performance_comparison?: { score_delta?: number | null } | null;
      mentions_by_platform?: Array<{ mentions: number }>;
    };
  };
  ranking: { competitors?: Brand[] };
  history: { history?: Array<{ month: string; brands: Brand[] }> };
  traffic: {
    available?: boolean;
    reason?: string;
    fetched_at?: string;
    rows?: Array<{ date: string; sessions: number }>;
  };
  actions: { actions?: Array<{ rank: number; title: string; owner?: string; next_step?: string }> };
  refreshedAt: Date;
}

export interface Block {
  row: number;
  column: number;
  values: SheetValue[][];
}

export interface ChartSpec {
  type: 'BAR' | 'LINE';
  title: string;
  /** The data range, header row included. */
  range: { row: number; column: number; rows: number; columns: number };
  /** Anchor cell of the chart's top-left corner. */
  anchor: { row: number; column: number };
}

export interface DashboardLayout {
  blocks: Block[];
  charts: ChartSpec[];
}

/** Competitors drawn beside the own brand in the monthly chart. */
export const TOP_COMPETITORS = 3;
export const RANKING_ROWS = 10;
export const ACTION_ROWS = 5;
const TABLE_ROW = 9;
const COLUMNS = { ranking: 1, history: 4, sessions: 9, actions: 12, charts: 17 } as const;
const CHART_HEIGHT_ROWS = 20;

const numberOr = (value: number | null | undefined, fallback: string): SheetValue =>
  typeof value === 'number' ? value : fallback;

function monthlySeries(data: DashboardData): SheetValue[][] {
  const months = [...(data.history.history ?? [])].sort((a, b) => a.month.localeCompare(b.month));
  const latest = months.at(-1)?.brands ?? [];
  const own = latest.find((brand) => brand.is_own_brand);
  const others = latest.filter((brand) => !brand.is_own_brand).slice(0, TOP_COMPETITORS);
  const names = [...(own ? [own.name] : []), ...others.map((brand) => brand.name)];
  return [
    ['Month', ...names],
    ...months.map((month) => [
      month.month,
      ...names.map((name) => month.brands.find((brand) => brand.name === name)?.visibility ?? ''),
    ]),
  ];
}

export function dashboardLayout(data: DashboardData): DashboardLayout {
  const visibility = data.summary.ai_visibility ?? {};
  const brand = data.summary.profile?.brand_name ?? `project ${data.project}`;
  const trafficRows = data.traffic.available === false ? [] : (data.traffic.rows ?? []);
  const sessions = trafficRows.reduce((sum, row) => sum + row.sessions, 0);
  const mentions = (visibility.mentions_by_platform ?? []).reduce((sum, p) => sum + p.mentions, 0);
  const delta = visibility.performance_comparison?.score_delta;
  const notes: string[] = [];
  if (data.traffic.available === false) {
    notes.push(`AI-referred sessions: ${data.traffic.reason ?? 'the source is not connected.'}`);
  }
  const series = monthlySeries(data);
  if (series.length - 1 < 3) {
    notes.push(
      `Monthly visibility: ${series.length - 1} month(s) of history so far; the line grows each month.`,
    );
  }

  const ranking: SheetValue[][] = [
    ['Brand', 'Visibility (%)'],
    ...(data.ranking.competitors ?? [])
      .slice(0, RANKING_ROWS)
      .map((each) => [each.name, each.visibility]),
  ];
  const daily: SheetValue[][] = [
    ['Date', 'AI-referred sessions'],
    ...trafficRows.map((row) => [row.date, row.sessions]),
  ];
  const actions: SheetValue[][] = [
    ['#', 'Action', 'Owner', 'Next step'],
    ...(data.actions.actions ?? [])
      .slice(0, ACTION_ROWS)
      .map((action) => [action.rank, action.title, action.owner ?? '', action.next_step ?? '']),
  ];
  const period = data.summary.period ?? {};
  const footerRow =
    TABLE_ROW + Math.max(ranking.length, series.length, daily.length, actions.length) + 1;
  const footer = [
    `Period: ${period.used ?? ''} (${period.start ?? '?'} to ${period.end ?? '?'}).`,
    `AI answers checked up to ${period.latest_check_at ?? 'unknown'}.`,
    data.traffic.fetched_at ? `AI traffic data fetched ${data.traffic.fetched_at}.` : '',
    `Refreshed ${data.refreshedAt.toISOString().replace(/\.\d+Z$/, 'Z')}.`,
  ]
    .filter(Boolean)
    .join(' ');

  const blocks: Block[] = [
    {
      row: 1,
      column: 1,
      values: [[`${brand}: AI visibility dashboard (project ${data.project})`]],
    },
    {
      row: 3,
      column: 1,
      values: [
        ['Visibility score', 'Change', 'Share of voice (%)', 'Mentions', 'AI-referred sessions'],
        [
          numberOr(visibility.score, 'n/a'),
          numberOr(delta, 'no earlier period'),
          numberOr(visibility.share_of_voice, 'n/a'),
          mentions,
          data.traffic.available === false ? 'not connected' : sessions,
        ],
      ],
    },
    ...notes.map((note, index) => ({ row: 5 + index, column: 1, values: [[note]] })),
    { row: TABLE_ROW - 1, column: COLUMNS.ranking, values: [['Competitor ranking']] },
    { row: TABLE_ROW, column: COLUMNS.ranking, values: ranking },
    { row: TABLE_ROW - 1, column: COLUMNS.history, values: [['Visibility by month']] },
    { row: TABLE_ROW, column: COLUMNS.history, values: series },
    { row: TABLE_ROW - 1, column: COLUMNS.sessions, values: [['AI-referred sessions per day']] },
    { row: TABLE_ROW, column: COLUMNS.sessions, values: daily },
    { row: TABLE_ROW - 1, column: COLUMNS.actions, values: [['Top actions']] },
    { row: TABLE_ROW, column: COLUMNS.actions, values: actions },
    { row: footerRow, column: 1, values: [[footer]] },
  ];
  const rangeOf = (column: number, values: SheetValue[][]) => ({
    row: TABLE_ROW,
    column,
    rows: values.length,
    columns: values[0]!.length,
  });
  const charts: ChartSpec[] = [
    {
      type: 'BAR',
      title: 'Competitor ranking: visibility',
      range: rangeOf(COLUMNS.ranking, ranking),
      anchor: { row: 1, column: COLUMNS.charts },
    },
    {
      type: 'LINE',
      title: 'Visibility by month: own brand and top competitors',
      range: rangeOf(COLUMNS.history, series),
      anchor: { row: 1 + CHART_HEIGHT_ROWS, column: COLUMNS.charts },
    },
  ];
  if (daily.length > 1) {
    charts.push({
      type: 'LINE',
      title: 'AI-referred sessions per day',
      range: rangeOf(COLUMNS.sessions, daily),
      anchor: { row: 1 + 2 * CHART_HEIGHT_ROWS, column: COLUMNS.charts },
    });
  }
  return { blocks, charts };
}
