/**
 * The Sheets functions as data: which endpoint each one reads, which API
 * parameters it takes as positional arguments, and whether it takes an
 * options argument. The runtime (custom-functions.ts) and the build's
 * generated JSDoc (scripts/sheets/entry.ts) both read this table, so
 * the help text and the behaviour cannot drift apart.
 */
import type { EndpointName } from '../../shared/api/endpoints.js';

export interface PositionalArgument {
  /** The argument's name in Sheets' formula help. */
  arg: string;
  /** The API parameter it fills. */
  param: string;
}

export interface CustomFunctionDefinition {
  endpoint: EndpointName;
  /** Arguments after `project`, before `options`. */
  positional: readonly PositionalArgument[];
  /** Whether an `options` argument carries the endpoint's other parameters and max_rows. */
  options: boolean;
  /** First line of the formula help. */
  summary: string;
  /** An example for the help text and the README. */
  example: string;
}

export const CUSTOM_FUNCTIONS = {
  AIVIS_PROJECTS: {
    endpoint: 'projects',
    positional: [],
    options: true,
    summary: 'Lists the projects your token can read, with status, platforms and data counts.',
    example: '=AIVIS_PROJECTS()',
  },
  AIVIS_SUMMARY: {
    endpoint: 'summary',
    positional: [
      { arg: 'blocks', param: 'include' },
      { arg: 'period', param: 'period' },
    ],
    options: true,
    summary: 'The compact project snapshot as block / field / value rows.',
    example: '=AIVIS_SUMMARY(3001, "ai_visibility,competitors", "last_90_days")',
  },
  AIVIS_ANSWERS: {
    endpoint: 'answers',
    positional: [],
    options: true,
    summary: 'Stored AI answers with their judgments, one row per check and platform.',
    example: '=AIVIS_ANSWERS(3001, "platform=chatgpt; prominence_max=1; max_rows=500")',
  },
  AIVIS_SEARCH: {
    endpoint: 'search-performance',
    positional: [{ arg: 'dataset', param: 'dataset' }],
    options: true,
    summary: 'Search-engine webmaster data (Google Search Console or Bing) for one window.',
    example: '=AIVIS_SEARCH(3001, "top_queries", "source=bing; period=90d")',
  },
  AIVIS_COMPETITORS: {
    endpoint: 'competitors',
    positional: [{ arg: 'dataset', param: 'dataset' }],
    options: true,
    summary: 'Brands AI platforms name: the ranking, one brand in detail, or month by month.',
    example: '=AIVIS_COMPETITORS(3001, "ranking", "period=last_90_days")',
  },
  AIVIS_CITATIONS: {
    endpoint: 'citations',
    positional: [{ arg: 'group_by', param: 'group_by' }],
    options: true,
    summary: 'URLs or domains the AI answers cite.',
    example: '=AIVIS_CITATIONS(3001, "domain")',
  },
  AIVIS_AI_TRAFFIC: {
    endpoint: 'ai-traffic',
    positional: [{ arg: 'dataset', param: 'dataset' }],
    options: true,
    summary: 'GA4 traffic from AI assistants and AI Overviews.',
    example: '=AIVIS_AI_TRAFFIC(3001, "landing_pages", "period=90d")',
  },
  AIVIS_ACTION_PLAN: {
    endpoint: 'action-plan',
    positional: [{ arg: 'audience', param: 'audience' }],
    options: true,
    summary: 'Prioritized next steps with dated evidence.',
    example: '=AIVIS_ACTION_PLAN(3001, "marketing", "limit=3")',
  },
} as const satisfies Record<string, CustomFunctionDefinition>;

export type CustomFunctionName = keyof typeof CUSTOM_FUNCTIONS;
export const CUSTOM_FUNCTION_NAMES = Object.keys(CUSTOM_FUNCTIONS) as CustomFunctionName[];

/** The Sheets function that reads an endpoint, for messages and the report dialog. */
export function functionForEndpoint(endpoint: EndpointName): CustomFunctionName {
  const found = CUSTOM_FUNCTION_NAMES.find((name) => CUSTOM_FUNCTIONS[name].endpoint === endpoint);
  if (!found) throw new Error(`No Sheets function reads ${endpoint}`);
  return found;
}

/** An argument of a function that is not one endpoint's table, for its generated help. */
export interface GeneralArgument {
  name: string;
  type: string;
  help: string;
}

export interface GeneralFunctionDefinition {
  summary: string;
  example: string;
  args: readonly GeneralArgument[];
}

const REFRESH_HELP =
  'Optional. A cell such as the refresh cell: when it changes, the formula fetches fresh data.';

/**
 * Functions beyond one endpoint's table (docs/agencies.md): the generic one
 * named after the service's MCP tools, and the portfolio over every
 * connection. The build generates their top-level functions and help from here too.
 */
export const GENERAL_FUNCTIONS = {
  AIVIS: {
    summary:
      "Any dataset by the name of the service's MCP tool (get-project-summary, get-ai-answers, get-competitors, ...): the same table as the matching AIVIS_* function.",
    example: '=AIVIS("get-ai-answers", 1001, "platform=chatgpt; max_rows=500")',
    args: [
      {
        name: 'tool',
        type: 'string',
        help: 'The MCP tool, as docs/data-api.md lists them: list-projects, get-project-summary, get-ai-answers, get-search-performance, get-competitors, get-citations, get-ai-traffic, get-action-plan.',
      },
      {
        name: 'project',
        type: 'number',
        help: 'The numeric project id (empty for list-projects).',
      },
      {
        name: 'options',
        type: 'string|Array<Array<string>>',
        help: 'Optional. The parameters as "key=value; key=value" text or a two-column range, as the matching AIVIS_* function takes them (max_rows and connection too).',
      },
      { name: 'refresh', type: '*', help: REFRESH_HELP },
    ],
  },
  AIVIS_PORTFOLIO: {
    summary:
      'Every project of every connection you hold, one row each: brand, account, score and its change against sampling noise, share of voice, rank, flagged answers, top action, last check.',
    example: '=AIVIS_PORTFOLIO()',
    args: [
      {
        name: 'period',
        type: 'string',
        help: 'Optional. The report period of every summary (last_30_days by default).',
      },
      { name: 'refresh', type: '*', help: REFRESH_HELP },
    ],
  },
} as const satisfies Record<string, GeneralFunctionDefinition>;

export type GeneralFunctionName = keyof typeof GENERAL_FUNCTIONS;
export const GENERAL_FUNCTION_NAMES = Object.keys(GENERAL_FUNCTIONS) as GeneralFunctionName[];
