/**
 * The endpoint table: the one description of Data API v1 (data-api 4) that the
 * client, the validation, the sandbox, the OpenAPI document, the proxy and the
 * Sheets functions all derive from. This is its request side; the response
 * side (which schema answers which query) is in responses.ts, kept apart so
 * validating parameters does not pull every schema and zod into a bundle.
 */
import {
  boolParam,
  dateParam,
  doc,
  enumParam,
  intParam,
  listParam,
  numberParam,
  type ParamRule,
  textParam,
  type ValueOfRule,
} from './param-rules.js';
import {
  AI_TRAFFIC_DATASETS,
  AI_TRAFFIC_SOURCES,
  AUDIENCES,
  CITATION_GROUPINGS,
  COMPETITOR_DATASETS,
  DEFAULT_REPORT_PERIOD,
  DEFAULT_SOURCE_WINDOW,
  LIMITS,
  PLATFORMS,
  PROMINENCE_MAX,
  PROMINENCE_MIN,
  REPORT_PERIODS,
  SEARCH_DATASETS,
  SEARCH_GOOGLE_ONLY_DATASETS,
  SEARCH_LIST_DATASETS,
  SEARCH_SORTS,
  SEARCH_SOURCES,
  SOURCE_WINDOWS,
  SUMMARY_BLOCKS,
} from './vocabulary.js';

/** A validated query: parameter name to typed value. */
export type Query = Record<string, unknown>;
/** A cross-parameter rule's complaint: the parameter it belongs under, and the message. */
export type RuleViolation = readonly [param: string, message: string];

/** Where the rows of a response live, and whether they come in pages. */
export interface RowsLocation {
  key: string;
  paged: boolean;
}

export interface EndpointDefinition<
  P extends Record<string, ParamRule> = Record<string, ParamRule>,
> {
  /** MCP tool of the same dataset (data-api 4). */
  tool: string;
  /** Path under /api/v1, with {project} where the project id goes. */
  path: string;
  summary: string;
  /** Query parameters in their canonical order. */
  params: P;
  /** Rules that involve more than one parameter (data-api 4.x "Rules"). */
  crossRules?: (query: Query) => RuleViolation[];
  /** Defaults that depend on another parameter, e.g. competitors' limit by dataset. */
  dynamicDefaults?: (query: Query) => Query;
  /** Connected sources answer `available: false` with a reason instead of a body (data-api 2.5). */
  connectedSource: boolean;
  rows: (query: Query) => RowsLocation | undefined;
  /**
   * Rows in a full page for a query with defaults filled in, where a rule
   * caps it below `limit` (answers with text). Without it a page holds `limit`.
   */
  pageSize?: (query: Query) => number;
}

/** data-api 4: `{project}` is the numeric project id from GET /projects. */
export const projectParam = intParam(
  1,
  2_147_483_647,
  doc('Numeric project id, as returned by GET /projects'),
);

const period = enumParam(
  REPORT_PERIODS,
  doc(
    'AI-visibility report period; falls back to the nearest available period when history is short',
  ),
  DEFAULT_REPORT_PERIOD,
);
const sourceWindow = enumParam(
  SOURCE_WINDOWS,
  doc('Rolling window ending on the collection day'),
  DEFAULT_SOURCE_WINDOW,
);
const limit = intParam(1, LIMITS.pageSize.max, doc('Rows per page'), LIMITS.pageSize.default);
const offset = intParam(0, LIMITS.maxOffset, doc('Rows to skip'), 0);
const promptId = intParam(
  1,
  2_147_483_647,
  doc('One customer question; its id is in the project summary (questions block)'),
);

const listOnly = (dataset: unknown, datasets: readonly string[]) =>
  datasets.includes(String(dataset));

function define<const P extends Record<string, ParamRule>>(
  definition: EndpointDefinition<P>,
): EndpointDefinition<P> {
  return definition;
}

export const ENDPOINTS = {
  projects: define({
    tool: 'list-projects',
    path: '/projects',
    summary: doc(
      'Projects of the account with status, platforms, connected sources and data counts',
    ),
    params: {},
    connectedSource: false,
    rows: () => ({ key: 'projects', paged: false }),
  }),

  summary: define({
    tool: 'get-project-summary',
    path: '/projects/{project}',
    summary: doc('Compact project snapshot (about 16 KB)'),
    params: {
      period,
      include: listParam(
        SUMMARY_BLOCKS,
        doc('Blocks to include; when omitted, the whole summary is returned'),
      ),
    },
    connectedSource: false,
    rows: () => undefined,
  }),

  answers: define({
    tool: 'get-ai-answers',
    path: '/projects/{project}/answers',
    summary: doc('Stored AI answers with their judgments'),
    params: {
      period: enumParam(
        REPORT_PERIODS,
        doc('Report period; ignored when since or until is given'),
        DEFAULT_REPORT_PERIOD,
      ),
      since: dateParam(doc('First check date')),
      until: dateParam(doc('Last check date')),
      prompt_id: promptId,
      platform: enumParam(PLATFORMS, doc('One AI platform')),
      prominence_max: intParam(
        PROMINENCE_MIN,
        PROMINENCE_MAX,
        doc('Keep answers whose prominence is at most this level; 1 lists the gaps'),
      ),
      only_flagged: boolParam(doc('Only negative, drawback or off-topic answers'), false),
      include_answer_text: boolParam(
        doc(`Include the answer text; caps the page at ${LIMITS.answersWithTextPageCap} rows`),
        false,
      ),
      max_answer_chars: intParam(
        LIMITS.maxAnswerChars.min,
        LIMITS.maxAnswerChars.max,
        doc('Characters per answer when text is included'),
        LIMITS.maxAnswerChars.default,
      ),
      limit,
      offset,
    },
    crossRules: (query) =>
      typeof query.since === 'string' &&
      typeof query.until === 'string' &&
      query.since > query.until
        ? [['until', `must be on or after since (${query.since})`]]
        : [],
    connectedSource: false,
    rows: () => ({ key: 'answers', paged: true }),
    // data-api 4.3 rule 2: with the answer text a page holds at most 20 rows.
    pageSize: (query) =>
      query.include_answer_text === true
        ? Math.min(Number(query.limit), LIMITS.answersWithTextPageCap)
        : Number(query.limit),
  }),

  'search-performance': define({
    tool: 'get-search-performance',
    path: '/projects/{project}/search-performance',
    summary: doc(
      'Search-engine webmaster data for one window (stored top samples, not an exhaustive export)',
    ),
    params: {
      source: enumParam(SEARCH_SOURCES, doc('Webmaster source'), 'google'),
      period: sourceWindow,
      dataset: enumParam(SEARCH_DATASETS, doc('Dataset'), 'summary'),
      query_contains: textParam(doc('Keep queries containing this text (list datasets)')),
      page_contains: textParam(doc('Keep pages containing this text (list datasets)')),
      country: textParam(
        doc('Keep this country, as an ISO 3166 alpha-3 or alpha-2 code (list datasets)'),
        3,
      ),
      min_impressions: intParam(0, 1_000_000_000, doc('Minimum impressions (list datasets)')),
      min_clicks: intParam(0, 1_000_000_000, doc('Minimum clicks (list datasets)')),
      min_position: numberParam(0, 1000, doc('Minimum average position (list datasets)')),
      max_position: numberParam(0, 1000, doc('Maximum average position (list datasets)')),
      sort: enumParam(
        SEARCH_SORTS,
        doc(
          'Sort key of list datasets: clicks, impressions and ctr sort high to low, position low to high',
        ),
        'clicks',
      ),
      limit,
      offset,
    },
    crossRules: (query) => {
      const violations: RuleViolation[] = [];
      if (listOnly(query.dataset, SEARCH_GOOGLE_ONLY_DATASETS) && query.source !== 'google') {
        violations.push([
          'dataset',
          `${String(query.dataset)} is available for source=google only`,
        ]);
      }
      if (
        typeof query.min_position === 'number' &&
        typeof query.max_position === 'number' &&
        query.min_position > query.max_position
      ) {
        violations.push(['max_position', `must be at least min_position (${query.min_position})`]);
      }
      return violations;
    },
    connectedSource: true,
    rows: (query) =>
      query.dataset === 'summary'
        ? undefined
        : { key: 'rows', paged: listOnly(query.dataset, SEARCH_LIST_DATASETS) },
  }),

  competitors: define({
    tool: 'get-competitors',
    path: '/projects/{project}/competitors',
    summary: doc('Brands named by AI platforms: ranked, in detail or by month'),
    params: {
      period,
      dataset: enumParam(
        COMPETITOR_DATASETS,
        doc('ranking, detail (needs competitor) or history'),
        'ranking',
      ),
      competitor: textParam(doc('Brand name or a fragment; required for dataset=detail')),
      include_highlights: boolParam(
        doc('Add highlight sentences per platform to the ranking'),
        false,
      ),
      highlights_per_platform: intParam(
        1,
        LIMITS.highlightsPerPlatform.max,
        doc('Highlight sentences per platform'),
        LIMITS.highlightsPerPlatform.default,
      ),
      limit: intParam(
        1,
        LIMITS.competitorRanking.max,
        doc(
          `Brands per page for ranking (default ${LIMITS.competitorRanking.default}), matching brands per page for detail (default ${LIMITS.competitorDetail.default}) or months for history (default ${LIMITS.competitorHistoryMonths.default})`,
        ),
      ),
      offset,
    },
    crossRules: (query) =>
      query.dataset === 'detail' && query.competitor === undefined
        ? [
            [
              'competitor',
              'is required when dataset=detail: give a brand name or a fragment of one',
            ],
          ]
        : [],
    dynamicDefaults: (query) => ({
      limit:
        query.dataset === 'history'
          ? LIMITS.competitorHistoryMonths.default
          : query.dataset === 'detail'
            ? LIMITS.competitorDetail.default
            : LIMITS.competitorRanking.default,
    }),
    connectedSource: false,
    rows: (query) => ({
      key:
        query.dataset === 'detail'
          ? 'matches'
          : query.dataset === 'history'
            ? 'history'
            : 'competitors',
      paged: true,
    }),
  }),

  citations: define({
    tool: 'get-citations',
    path: '/projects/{project}/citations',
    summary: doc('Cited URLs or domains'),
    params: {
      period,
      group_by: enumParam(CITATION_GROUPINGS, doc('Group citations by URL or by domain'), 'url'),
      platform: enumParam(PLATFORMS, doc('One AI platform (group_by=url only)')),
      prompt_id: intParam(1, 2_147_483_647, doc('One customer question (group_by=url only)')),
      url_contains: textParam(doc('Keep URLs containing this text (group_by=url only)')),
      own_site_only: boolParam(doc('Only URLs on the project website'), false),
      limit,
      offset,
    },
    crossRules: (query) =>
      query.group_by === 'domain'
        ? (['platform', 'prompt_id', 'url_contains'] as const)
            .filter((name) => query[name] !== undefined)
            .map(
              (name): RuleViolation => [
                name,
                'filters the URL grouping only: use it with group_by=url',
              ],
            )
        : [],
    connectedSource: false,
    rows: (query) => ({ key: query.group_by === 'domain' ? 'domains' : 'citations', paged: true }),
  }),

  'ai-traffic': define({
    tool: 'get-ai-traffic',
    path: '/projects/{project}/ai-traffic',
    summary: doc('GA4 traffic from AI assistants and AI Overviews'),
    params: {
      period: sourceWindow,
      dataset: enumParam(AI_TRAFFIC_DATASETS, doc('Dataset'), 'summary'),
      source: enumParam(AI_TRAFFIC_SOURCES, doc('One AI source')),
      path_contains: textParam(doc('Keep landing pages whose path contains this text')),
      limit,
      offset,
    },
    connectedSource: true,
    rows: (query) =>
      query.dataset === 'summary'
        ? undefined
        : { key: 'rows', paged: query.dataset === 'landing_pages' },
  }),

  'action-plan': define({
    tool: 'get-action-plan',
    path: '/projects/{project}/action-plan',
    summary: doc('Prioritized next steps with evidence'),
    params: {
      audience: enumParam(
        AUDIENCES,
        doc(
          'business: traffic and business priorities; marketing: brand answers and content; seo: search pages and queries',
        ),
        'business',
      ),
      period: enumParam(
        REPORT_PERIODS,
        doc(
          'AI-visibility period; search and traffic signals use their own rolling 30-day snapshots',
        ),
        DEFAULT_REPORT_PERIOD,
      ),
      limit: intParam(
        LIMITS.actionPlanLimit.min,
        LIMITS.actionPlanLimit.max,
        doc('Maximum number of actions; fewer come when evidence is thin'),
        LIMITS.actionPlanLimit.default,
      ),
    },
    connectedSource: false,
    rows: () => ({ key: 'actions', paged: false }),
  }),
} as const;

export type EndpointName = keyof typeof ENDPOINTS;
export const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as EndpointName[];

/** Whether an endpoint's path has a {project} segment. */
export const needsProject = (name: EndpointName): boolean =>
  ENDPOINTS[name].path.includes('{project}');

type ParamsTable<N extends EndpointName> = (typeof ENDPOINTS)[N]['params'];

/** The typed parameters a caller passes for an endpoint. */
export type ParamsOf<N extends EndpointName> = (N extends 'projects'
  ? { project?: never }
  : { project: number }) & {
  [K in keyof ParamsTable<N>]?: ValueOfRule<ParamsTable<N>[K]>;
};
