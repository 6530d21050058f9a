/**
 * Realistic response bodies for every endpoint and dataset, written by hand
 * from data-api 2 and 4 and checked against the zod schemas by table.test.ts.
 * Hostile text (formula-like, quotes, commas, newlines) is mixed in on purpose.
 */
import type { EndpointName } from '../../shared/api/endpoints.js';

export interface Fixture {
  label: string;
  name: EndpointName;
  params: Record<string, unknown>;
  body: Record<string, unknown>;
}

export const HOSTILE = '=HYPERLINK("http://evil.example","click")';

const reportPeriod = {
  requested: 'last_30_days',
  used: 'last_30_days',
  start: '2026-10-02',
  end: '2026-10-31',
};
const window30 = { requested: '30d', used: '30d', start: '2026-10-02', end: '2026-10-31' };
const fetched = { period: window30, fetched_at: '2026-11-01T04:00:00Z', is_stale: false };
const page = (returned: number, total: number, limit = 25) => ({
  offset: 0,
  limit,
  returned,
  total,
  has_more: total > returned,
});
const metrics = (clicks: number) => ({
  clicks,
  impressions: clicks * 20,
  ctr: 0.05,
  position: 4.2,
});
const traffic = (sessions: number) => ({
  sessions,
  users: sessions - 3,
  engaged_sessions: Math.floor(sessions / 2),
  conversions: 2,
});

export const project = {
  id: 1001,
  brand_name: 'Acme Outdoor',
  brand_website: 'https://acme.example',
  status: 'active',
  country: 'DE',
  language: 'de',
  selected_ai_models: ['chatgpt', 'gemini', 'perplexity'],
  last_checked_at: '2026-10-31T06:12:00Z',
  connections: { ga4: true, google_search_console: true, bing_webmaster_tools: false },
  connected_data: {
    ga4: { fetched_at: '2026-11-01T04:00:00Z', is_stale: false },
    google_search_console: { fetched_at: '2026-10-20T04:00:00Z', is_stale: true },
    bing_webmaster_tools: null,
  },
  data_availability: {
    questions: 16,
    answers: 480,
    judgments: 470,
    competitor_snapshots: 6,
    connected_source_snapshots: 12,
  },
};

export const answerRow = {
  id: 501,
  prompt_id: 11,
  platform: 'chatgpt',
  checked_at: '2026-10-30T06:00:00Z',
  prominence_level: 2,
  on_topic: true,
  names_brands: ['Acme Outdoor', 'Trailco'],
  brand_sentiment: 'negative',
  brand_drawback: 'expensive, "premium" pricing',
  evidence_quote: HOSTILE,
  brand_mentioned: true,
  cited_urls: ['https://acme.example/tents', 'https://review.example/best-tents'],
  search_queries: ['best tents 2026'],
};
const unjudgedRow = {
  ...answerRow,
  id: 502,
  platform: 'gemini',
  prominence_level: null,
  on_topic: null,
  names_brands: null,
  brand_sentiment: null,
  brand_drawback: null,
  evidence_quote: null,
  brand_mentioned: null,
  cited_urls: [],
  search_queries: [],
};

const question = (id: number, text: string) => ({
  id,
  text,
  last_checked_at: '2026-10-31T06:12:00Z',
  next_check_at: '2026-11-07T06:12:00Z',
});

export const summaryBody = {
  id: 1001,
  included: ['profile', 'questions', 'ai_visibility', 'search', 'ai_traffic', 'connections'],
  report_url: 'https://app.example/projects/1001/report',
  period: { ...reportPeriod, requested: 'last_year', used: 'last_90_days' },
  profile: {
    brand_name: 'Acme Outdoor',
    brand_website: 'https://acme.example',
    country: 'DE',
    language: 'de',
    business_profile: { category: 'Outdoor gear', description: HOSTILE, audience: 'Hikers' },
  },
  questions: {
    primary: question(11, 'Which tent brand is best?'),
    additional: [question(12, 'Best ultralight tent?'), question(13, '+1 tent for rain?')],
  },
  ai_visibility: {
    score: 41.5,
    mentions_by_platform: [
      { platform: 'chatgpt', mentions: 12, answers: 30, mention_rate: 40 },
      { platform: 'gemini', mentions: 7, answers: 30, mention_rate: 23.3 },
    ],
    change: { score_delta: 3.5, previous_score: 38, previous_period: null },
    share_of_voice: 18.2,
  },
  search: {
    google: {
      ...fetched,
      totals: metrics(300),
      top_queries: [{ query: 'acme tent', ...metrics(120) }],
      top_pages: [{ page: 'https://acme.example/tents', ...metrics(200) }],
    },
    bing: { available: false, reason: 'Bing Webmaster Tools is not connected' },
  },
  ai_traffic: {
    ...fetched,
    sessions: 140,
    users: 120,
    by_source: [{ source: 'chatgpt', sessions: 100 }],
  },
  connections: {
    ga4: {
      connected: true,
      healthy: true,
      fetched_at: '2026-11-01T04:00:00Z',
      is_stale: false,
      message: null,
    },
    google_search_console: {
      connected: true,
      healthy: true,
      fetched_at: '2026-11-01T04:00:00Z',
      is_stale: false,
      message: null,
    },
    bing_webmaster_tools: {
      connected: false,
      healthy: false,
      fetched_at: null,
      is_stale: null,
      message: 'Not connected',
    },
  },
};

const searchEnvelope = (dataset: string) => ({ source: 'google', dataset, ...fetched });
const searchList = (dataset: string, rows: Record<string, unknown>[]) => ({
  ...searchEnvelope(dataset),
  rows,
  pagination: page(rows.length, rows.length),
});

export const searchBodies: Record<string, Record<string, unknown>> = {
  summary: { ...searchEnvelope('summary'), totals: metrics(300), previous_totals: null },
  top_queries: searchList('top_queries', [
    { query: 'acme tent', ...metrics(120) },
    { query: '-20 sleeping bag', ...metrics(40) },
  ]),
  top_pages: searchList('top_pages', [{ page: 'https://acme.example/tents', ...metrics(200) }]),
  top_countries: searchList('top_countries', [{ country: 'DEU', ...metrics(250) }]),
  queries_by_country: searchList('queries_by_country', [
    { country: 'DEU', query: 'acme zelt', ...metrics(90) },
  ]),
  opportunities: searchList('opportunities', [
    { query: 'tent rain', page: null, reason: 'many impressions, few clicks', ...metrics(3) },
  ]),
  trends: searchList('trends', [
    {
      query: 'acme tent',
      previous_clicks: 80,
      clicks_change: 40,
      direction: 'up',
      ...metrics(120),
    },
  ]),
  ai_question_queries: searchList('ai_question_queries', [
    { query: 'which tent is best for rain?', ...metrics(5) },
  ]),
  daily: {
    ...searchEnvelope('daily'),
    rows: [
      { date: '2026-10-30', ...metrics(10) },
      { date: '2026-10-31', ...metrics(12) },
    ],
  },
  history: { ...searchEnvelope('history'), rows: [{ month: '2026-10', ...metrics(300) }] },
};

const aiEnvelope = (dataset: string) => ({ dataset, ...fetched });
export const aiTrafficBodies: Record<string, Record<string, unknown>> = {
  summary: {
    ...aiEnvelope('summary'),
    totals: traffic(140),
    by_source: [
      { source: 'chatgpt', sessions: 100 },
      { source: 'perplexity', sessions: 40 },
    ],
  },
  sources: {
    ...aiEnvelope('sources'),
    rows: [{ source: 'chatgpt', share: 71.4, ...traffic(100) }],
  },
  landing_pages: {
    ...aiEnvelope('landing_pages'),
    rows: [{ path: '/tents', top_source: 'chatgpt', ...traffic(60) }],
    pagination: { offset: 0, limit: 1, returned: 1, total: 3, has_more: true },
  },
  daily: { ...aiEnvelope('daily'), rows: [{ date: '2026-10-31', ...traffic(5) }] },
  history: { ...aiEnvelope('history'), rows: [{ month: '2026-10', ...traffic(140) }] },
};

export const competitorBodies: Record<string, Record<string, unknown>> = {
  ranking: {
    dataset: 'ranking',
    competitors: [
      {
        rank: 1,
        name: 'Trailco',
        is_own_brand: false,
        visibility: 55,
        mentions: 33,
        share_of_voice: 30,
        average_prominence: 2.4,
        highlights: { chatgpt: ['Trailco is durable', '@trailco on sale'], gemini: ['Solid pick'] },
      },
      {
        rank: 2,
        name: 'Acme Outdoor',
        is_own_brand: true,
        visibility: 41.5,
        mentions: 19,
        share_of_voice: 18.2,
        average_prominence: null,
      },
    ],
    pagination: page(2, 12, 15),
    period: reportPeriod,
  },
  detail: {
    dataset: 'detail',
    found: true,
    competitor: 'trail',
    name: 'Trailco',
    is_own_brand: false,
    rank: 1,
    visibility: 55,
    mentions: 33,
    by_platform: [
      { platform: 'chatgpt', mentions: 20, visibility: 66 },
      { platform: 'gemini', mentions: 13, visibility: 43 },
    ],
    questions: [{ prompt_id: 11, text: 'Which tent brand is best?', mentions: 9 }],
    platform_highlights: { chatgpt: ['Trailco is durable'] },
    period: reportPeriod,
  },
  history: {
    dataset: 'history',
    history: [
      {
        month: '2026-10',
        brands: [
          { name: 'Trailco', is_own_brand: false, rank: 1, visibility: 55, mentions: 33 },
          { name: 'Acme Outdoor', is_own_brand: true, rank: 2, visibility: 41.5, mentions: 19 },
        ],
      },
    ],
    pagination: page(1, 6, 12),
  },
};

export const citationBodies: Record<string, Record<string, unknown>> = {
  url: {
    group_by: 'url',
    citations: [
      {
        url: 'https://review.example/best-tents?a=1,b=2',
        domain: 'review.example',
        citations: 14,
        answers: 9,
        platforms: ['chatgpt', 'perplexity'],
        is_own_site: false,
        first_cited_at: '2026-10-03T06:00:00Z',
        last_cited_at: '2026-10-30T06:00:00Z',
      },
    ],
    pagination: page(1, 1),
    period: reportPeriod,
  },
  domain: {
    group_by: 'domain',
    domains: [
      { domain: 'review.example', citations: 14, urls: 3, share: 22.5, is_own_site: false },
    ],
    pagination: page(1, 1),
    period: reportPeriod,
  },
};

export const actionPlanBody = {
  status: 'ready',
  audience: 'business',
  actions: [
    {
      rank: 1,
      signal: 'negative_answers',
      title: 'Answer the pricing objection',
      owner: 'Marketing',
      next_step: 'Publish a pricing comparison page',
      evidence: [
        { date: '2026-10-01', text: 'ChatGPT calls Acme expensive', value: null },
        { date: '2026-10-08', text: 'Gemini names a drawback' },
      ],
      success_measure: 'Fewer negative answers next month',
      report_url: 'https://app.example/projects/1001/report#answers',
      next_request: '/api/v1/projects/1001/answers?only_flagged=true',
    },
  ],
  data_notes: [{ source: 'bing_webmaster_tools', message: 'Bing is not connected' }],
  snapshot: {
    brand_name: 'Acme Outdoor',
    visibility_score: 41.5,
    share_of_voice: 18.2,
    answers: 480,
    generated_at: '2026-11-01T05:00:00Z',
  },
  period: reportPeriod,
};

export const unavailableBody = {
  available: false,
  reason: 'Bing Webmaster Tools is not connected for this project',
  source: 'bing',
  dataset: 'top_queries',
  period: window30,
};

export const FIXTURES: Fixture[] = [
  { label: 'projects', name: 'projects', params: {}, body: { projects: [project] } },
  { label: 'summary', name: 'summary', params: { project: 1001 }, body: summaryBody },
  {
    label: 'answers',
    name: 'answers',
    params: { project: 1001 },
    body: { answers: [answerRow, unjudgedRow], pagination: page(2, 80), period: reportPeriod },
  },
  ...Object.entries(searchBodies).map(([dataset, body]) => ({
    label: `search-performance ${dataset}`,
    name: 'search-performance' as const,
    params: { project: 1001, dataset },
    body,
  })),
  ...Object.entries(competitorBodies).map(([dataset, body]) => ({
    label: `competitors ${dataset}`,
    name: 'competitors' as const,
    params: { project: 1001, dataset, ...(dataset === 'detail' ? { competitor: 'trail' } : {}) },
    body,
  })),
  ...Object.entries(citationBodies).map(([group_by, body]) => ({
    label: `citations ${group_by}`,
    name: 'citations' as const,
    params: { project: 1001, group_by },
    body,
  })),
  ...Object.entries(aiTrafficBodies).map(([dataset, body]) => ({
    label: `ai-traffic ${dataset}`,
    name: 'ai-traffic' as const,
    params: { project: 1001, dataset },
    body,
  })),
  { label: 'action-plan', name: 'action-plan', params: { project: 1001 }, body: actionPlanBody },
];
