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
  withCrossRules,
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
  MAX_ID,
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

/** Where the rows of a response live, and whether they come in pages. */
export interface RowsLocation {
  key: string;
  paged: boolean;
  /**
   * The body field naming what every row is about, which a table puts before
   * the rows as a column (competitors detail: the brand its platform rows are
   * about), and the query parameter that asked for it.
   */
  about?: { field: string; column: string; asked: string };
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
  /** Connected sources answer `available: false` with a reason instead of a body (data-api 2.5). */
  connectedSource: boolean;
  rows: (query: Query) => RowsLocation | undefined;
}

/** data-api 4: `{project}` is the numeric project id from GET /projects. */
export const projectParam = intParam(
  1,
  MAX_ID,
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
  MAX_ID,
  doc('One customer question; its id is in the project summary (questions block)'),
);

/** data-api 4.4, 4.7: a connected source's summary has no rows; its other datasets list `rows`, paged in the datasets named. */
const rowsBesideSummary =
  (pagedDatasets: readonly string[]) =>
  (query: Query): RowsLocation | undefined =>
    query.dataset === 'summary'
      ? undefined
      : { key: 'rows', paged: pagedDatasets.includes(String(query.dataset)) };
/** data-api 4.4: the text and numeric filters and the sort apply to the list datasets. */
const onListDatasets = { usedWhen: { param: 'dataset', values: SEARCH_LIST_DATASETS } };
/** data-api 4.6: these filters narrow the URL grouping; with group_by=domain they are refused. */
const onUrlGrouping = { onlyWhen: { param: 'group_by', values: ['url'] } };

/** Keeps each entry's literal types: its parameters, and whether it is a connected source (ResponseOf reads it). */
function define<const P extends Record<string, ParamRule>, const C extends boolean>(
  definition: EndpointDefinition<P> & { connectedSource: C },
): EndpointDefinition<P> & { connectedSource: C } {
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
      until: withCrossRules(dateParam(doc('Last check date')), { notBelow: 'since' }),
      prompt_id: promptId,
      platform: enumParam(PLATFORMS, doc('One AI platform')),
      prominence_max: intParam(
        PROMINENCE_MIN,
        PROMINENCE_MAX,
        doc('Keep answers whose prominence is at most this level; 1 lists the gaps'),
      ),
      only_flagged: boolParam(doc('Only negative, drawback or off-topic answers'), false),
      include_answer_text: boolParam(doc('Include the answer text'), false),
      max_answer_chars: withCrossRules(
        intParam(
          LIMITS.maxAnswerChars.min,
          LIMITS.maxAnswerChars.max,
          doc('Characters per answer'),
          LIMITS.maxAnswerChars.default,
        ),
        { usedWhen: { param: 'include_answer_text', values: ['true'] } },
      ),
      // data-api 4.3 rule 2: with the answer text a page holds at most 20 rows.
      limit: withCrossRules(limit, {
        pageCapWhen: {
          param: 'include_answer_text',
          values: ['true'],
          rows: LIMITS.answersWithTextPageCap,
        },
      }),
      offset,
    },
    connectedSource: false,
    rows: () => ({ key: 'answers', paged: true }),
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
      dataset: withCrossRules(enumParam(SEARCH_DATASETS, doc('Dataset'), 'summary'), {
        valuesOnlyWhen: {
          values: SEARCH_GOOGLE_ONLY_DATASETS,
          when: { param: 'source', values: ['google'] },
        },
      }),
      query_contains: withCrossRules(
        textParam(doc('Keep queries containing this text')),
        onListDatasets,
      ),
      page_contains: withCrossRules(
        textParam(doc('Keep pages containing this text')),
        onListDatasets,
      ),
      country: withCrossRules(
        textParam(doc('Keep this country, as an ISO 3166 alpha-3 or alpha-2 code'), 3),
        onListDatasets,
      ),
      min_impressions: withCrossRules(
        intParam(0, 1_000_000_000, doc('Minimum impressions')),
        onListDatasets,
      ),
      min_clicks: withCrossRules(intParam(0, 1_000_000_000, doc('Minimum clicks')), onListDatasets),
      min_position: withCrossRules(
        numberParam(0, 1000, doc('Minimum average position')),
        onListDatasets,
      ),
      max_position: withCrossRules(numberParam(0, 1000, doc('Maximum average position')), {
        ...onListDatasets,
        notBelow: 'min_position',
      }),
      sort: withCrossRules(
        enumParam(
          SEARCH_SORTS,
          doc('Sort key: clicks, impressions and ctr sort high to low, position low to high'),
          'clicks',
        ),
        onListDatasets,
      ),
      limit,
      offset,
    },
    connectedSource: true,
    rows: rowsBesideSummary(SEARCH_LIST_DATASETS),
  }),

  competitors: define({
    tool: 'get-competitors',
    path: '/projects/{project}/competitors',
    summary: doc('Brands named by AI platforms: ranked, in detail or by month'),
    params: {
      period,
      dataset: enumParam(
        COMPETITOR_DATASETS,
        doc('Ranked brands, matching brands in detail, or month-by-month history'),
        'ranking',
      ),
      competitor: withCrossRules(textParam(doc('Brand name or a fragment')), {
        requiredWhen: {
          param: 'dataset',
          values: ['detail'],
          hint: 'give a brand name or a fragment of one',
        },
      }),
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
      limit: withCrossRules(
        intParam(
          1,
          Math.max(
            LIMITS.competitorRanking.max,
            LIMITS.competitorDetail.max,
            LIMITS.competitorHistoryMonths.max,
          ),
          doc(
            'Brands per page for ranking, matching brands per page for detail, months for history',
          ),
        ),
        {
          perValue: {
            param: 'dataset',
            defaults: {
              ranking: LIMITS.competitorRanking.default,
              detail: LIMITS.competitorDetail.default,
              history: LIMITS.competitorHistoryMonths.default,
            },
            max: {
              ranking: LIMITS.competitorRanking.max,
              detail: LIMITS.competitorDetail.max,
              history: LIMITS.competitorHistoryMonths.max,
            },
          },
        },
      ),
      offset,
    },
    connectedSource: false,
    rows: (query) =>
      query.dataset === 'detail'
        ? {
            key: 'by_platform',
            paged: false,
            // data-api 4.5: `competitor` is a name fragment; the body names the brand it matched.
            about: { field: 'name', column: 'brand', asked: 'competitor' },
          }
        : { key: query.dataset === 'history' ? 'history' : 'competitors', paged: true },
  }),

  citations: define({
    tool: 'get-citations',
    path: '/projects/{project}/citations',
    summary: doc('Cited URLs or domains'),
    params: {
      period,
      group_by: enumParam(CITATION_GROUPINGS, doc('Group citations by URL or by domain'), 'url'),
      platform: withCrossRules(enumParam(PLATFORMS, doc('One AI platform')), onUrlGrouping),
      prompt_id: withCrossRules(promptId, onUrlGrouping),
      url_contains: withCrossRules(textParam(doc('Keep URLs containing this text')), onUrlGrouping),
      own_site_only: boolParam(doc('Only URLs on the project website'), false),
      limit,
      offset,
    },
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
    rows: rowsBesideSummary(['landing_pages']),
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
export const ENDPOINT_NAMES = /* @__PURE__ */ Object.keys(ENDPOINTS) as EndpointName[];

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
