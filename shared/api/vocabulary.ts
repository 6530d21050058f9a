/**
 * The Data API's closed vocabularies and numeric limits (data-api sections 4 and 8).
 * Every other module imports these; none repeats a value.
 */

/** data-api 8: report periods of AI-visibility data, anchored to the latest completed check. */
export const REPORT_PERIODS = [
  'last_30_days',
  'last_60_days',
  'last_90_days',
  'this_year',
  'last_year',
] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const DEFAULT_REPORT_PERIOD: ReportPeriod = 'last_30_days';

/** data-api 8: rolling windows of connected sources (search-performance, ai-traffic). */
export const SOURCE_WINDOWS = ['30d', '90d', '365d'] as const;
export type SourceWindow = (typeof SOURCE_WINDOWS)[number];
export const DEFAULT_SOURCE_WINDOW: SourceWindow = '30d';

/** data-api 4.3: AI platforms whose answers are stored. */
export const PLATFORMS = [
  'chatgpt',
  'perplexity',
  'ai_overviews',
  'gemini',
  'claude',
  'grok',
] as const;
export type Platform = (typeof PLATFORMS)[number];

/** data-api 2.2: blocks of the project summary, in the order data-api 2.2 lists them. */
export const SUMMARY_BLOCKS = [
  'profile',
  'questions',
  'ai_visibility',
  'answer_insights',
  'competitors',
  'citations',
  'search',
  'ai_traffic',
  'connections',
  'recommendations',
] as const;
export type SummaryBlock = (typeof SUMMARY_BLOCKS)[number];

/** data-api 4.4 */
export const SEARCH_SOURCES = ['google', 'bing'] as const;
export type SearchSource = (typeof SEARCH_SOURCES)[number];
/** Datasets that are row lists with pagination (the text and numeric filters apply to these). */
export const SEARCH_LIST_DATASETS = [
  'top_queries',
  'top_pages',
  'top_countries',
  'queries_by_country',
  'opportunities',
  'trends',
  'ai_question_queries',
] as const;
export const SEARCH_DATASETS = ['summary', ...SEARCH_LIST_DATASETS, 'daily', 'history'] as const;
export type SearchDataset = (typeof SEARCH_DATASETS)[number];
export const SEARCH_GOOGLE_ONLY_DATASETS = [
  'ai_question_queries',
] as const satisfies readonly SearchDataset[];
export const SEARCH_SORTS = ['clicks', 'impressions', 'ctr', 'position'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** data-api 4.5 */
export const COMPETITOR_DATASETS = ['ranking', 'detail', 'history'] as const;
export type CompetitorDataset = (typeof COMPETITOR_DATASETS)[number];

/** data-api 4.6 */
export const CITATION_GROUPINGS = ['url', 'domain'] as const;
export type CitationGrouping = (typeof CITATION_GROUPINGS)[number];

/** data-api 4.7 */
export const AI_TRAFFIC_DATASETS = [
  'summary',
  'sources',
  'landing_pages',
  'daily',
  'history',
] as const;
export type AiTrafficDataset = (typeof AI_TRAFFIC_DATASETS)[number];
export const AI_TRAFFIC_SOURCES = [
  'chatgpt',
  'gemini',
  'perplexity',
  'claude',
  'copilot',
  'meta_ai',
  'other_ai_assistants',
  'ai_overviews',
] as const;
export type AiTrafficSource = (typeof AI_TRAFFIC_SOURCES)[number];

/** data-api 4.8 */
export const AUDIENCES = ['business', 'marketing', 'seo'] as const;
export type Audience = (typeof AUDIENCES)[number];
export const ACTION_PLAN_STATUSES = ['ready', 'needs_data', 'no_priority_signals'] as const;
export type ActionPlanStatus = (typeof ACTION_PLAN_STATUSES)[number];
/** data-api 4.8 rule 1: the four stored signals actions come from. */
export const ACTION_SIGNALS = [
  'negative_answers',
  'brand_not_named',
  'search_ctr_gap',
  'ai_landing_pages',
] as const;
export type ActionSignal = (typeof ACTION_SIGNALS)[number];

/** data-api 2.3: prominence levels run from 0 (not named) to 3 (top recommendation). */
export const PROMINENCE_MIN = 0;
export const PROMINENCE_MAX = 3;
export const BRAND_SENTIMENTS = ['positive', 'neutral', 'negative'] as const;

/** data-api 7: error codes and their HTTP statuses. */
export const ERROR_STATUS = {
  unauthenticated: 401,
  insufficient_scope: 403,
  paid_plan_required: 403,
  not_found: 404,
  validation_failed: 422,
  rate_limited: 429,
  server_error: 500,
} as const;
export type ApiErrorCode = keyof typeof ERROR_STATUS;
/** Codes only a client produces: it never got a well-formed API answer. */
export const CLIENT_ERROR_CODES = [
  'network_error',
  'contract_error',
  'timeout',
  'aborted',
] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
export type ErrorCode = ApiErrorCode | ClientErrorCode | 'method_not_allowed';
/** Every code an error body of the API carries: data-api 7's, and 405's for a method other than GET. */
export const API_ERROR_CODES = [
  .../* @__PURE__ */ (Object.keys(ERROR_STATUS) as ApiErrorCode[]),
  'method_not_allowed',
] as const;

/** data-api 8: limits. */
export const LIMITS = {
  pageSize: { default: 25, max: 100 },
  /**
   * competitors `limit` per dataset: brands for ranking, matching brands for
   * detail, months for history. One maximum for all three, so a client
   * generated from the OpenAPI document never sends a limit one dataset refuses.
   */
  competitorRanking: { default: 15, max: 50 },
  competitorDetail: { default: 5, max: 50 },
  competitorHistoryMonths: { default: 12, max: 50 },
  /** Questions listed per matching brand in competitors detail, most mentions first. */
  competitorDetailQuestions: 10,
  highlightsPerPlatform: { default: 3, max: 5 },
  answersWithTextPageCap: 20,
  maxAnswerChars: { min: 200, max: 20000, default: 1200 },
  actionPlanLimit: { min: 1, max: 10, default: 5 },
  searchRowsPerDimension: 50,
  searchQuestionQueries: 1000,
  summaryAdditionalQuestions: 15,
  summaryTopCompetitors: 10,
  summaryTopSearchRows: 5,
  maxOffset: 1_000_000,
  rateLimitPerMinute: { entry: 60, higher: 120 },
} as const;

/** data-api 4: project and question ids are positive 32-bit integers; larger ones cannot exist. */
export const MAX_ID = 2_147_483_647;

export const API_PREFIX = '/api/v1';
export const OPENAPI_PATH = '/openapi/v1.yaml';
