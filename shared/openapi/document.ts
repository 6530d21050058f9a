/**
 * The OpenAPI 3.1 description of Data API v1 (data-api 1 and 9: published at
 * /openapi/v1.yaml), generated from the endpoint table, the parameter rules
 * and the zod response schemas, so it cannot drift from what the client
 * validates and the sandbox answers. Pure: it returns a plain object; the
 * sandbox serializes it as YAML.
 */
import { ENDPOINTS, type EndpointName, needsProject, projectParam } from '../api/endpoints.js';
import type { ParamRule } from '../api/param-rules.js';
import { responseVariants } from '../api/responses.js';
import { withDefaults } from '../api/validate.js';
import { API_PREFIX } from '../api/vocabulary.js';
import { errorEnvelopeSchema, unavailableSourceSchema } from '../schemas/common.js';
import { componentId, componentRef, componentSchemas } from './components.js';
import {
  errorResponseComponents,
  errorResponsesOf,
  headerRefs,
  RATE_LIMIT_HEADERS,
} from './errors.js';
import { type JsonObject, pathParameter, queryParameter } from './parameters.js';

export interface OpenApiOptions {
  /** Base address without /api/v1; default the sandbox's http://127.0.0.1:8787. */
  serverUrl?: string;
  /** Who answers questions about the API (info.contact). */
  contact?: { name: string; url: string };
  /** The terms the data is served under (info.license). */
  license?: { name: string; url: string };
}

export const DEFAULT_SERVER_URL = 'http://127.0.0.1:8787';
/** The service's own pages; the sandbox names the same example origin (sandbox/data/world.ts). */
const SERVICE_ORIGIN = 'https://app.aivis.example';
export const DEFAULT_CONTACT = {
  name: 'AI-visibility service support',
  url: `${SERVICE_ORIGIN}/support`,
};
export const DEFAULT_LICENSE = {
  name: 'Proprietary: data of your account, under the service terms',
  url: `${SERVICE_ORIGIN}/terms`,
};

/** Operation groups for explorers and generated clients; every endpoint is in one. */
const TAGS: Record<EndpointName, string> = {
  projects: 'Projects',
  summary: 'Projects',
  answers: 'AI visibility',
  competitors: 'AI visibility',
  citations: 'AI visibility',
  'search-performance': 'Connected sources',
  'ai-traffic': 'Connected sources',
  'action-plan': 'Action plan',
};
const TAG_DESCRIPTIONS: Record<string, string> = {
  Projects: 'The projects of the account and one compact snapshot of each.',
  'AI visibility': 'Stored AI answers, the brands they name and the URLs they cite.',
  'Connected sources':
    'Snapshots of search-engine webmaster tools and GA4, each with fetched_at and is_stale.',
  'Action plan': 'Prioritized next steps built from the stored data.',
};

/** What data-api sections 2 to 9 leave open, so readers know which shapes are this toolkit's reading. */
const DESCRIPTION = [
  'Read-only access to the stored data of an AI-visibility tracking service: visibility metrics, AI answers with judgments, competitors, citations, search-engine webmaster snapshots, GA4 AI traffic and a prioritized action plan. Every endpoint is a GET and corresponds to one MCP tool (`x-mcp-tool`).',
  '',
  'Authentication: a personal access token of the MCP connection as a bearer token. Query conventions: booleans accept true, false, 1 and 0; list parameters take a comma-separated value, and repeating a list parameter (`include=profile&include=questions`) is the same as joining its values with commas. Any other parameter is given at most once: a repeated one answers 422 `validation_failed` naming it.',
  '',
  "Not shown by the service documentation, and therefore loose here (objects accept additional properties): the types and formats of project fields beyond their meaning, the values of project `status`, the exact names of the answer fields for cited URLs, web searches and answer text, the internal fields of competitor, citation, search-performance and ai-traffic rows, the sort direction of `sort`, events or webhooks, and the deprecation and change policy. The response schemas below are this toolkit's reading of those parts.",
].join('\n');

/** `list-projects` -> `listProjects`: operation ids follow the MCP tool names. */
const operationId = (tool: string) =>
  tool.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

function operation(name: EndpointName): JsonObject {
  const definition = ENDPOINTS[name];
  const variants = responseVariants(name).map(componentId);
  if (definition.connectedSource) variants.push(componentId(unavailableSourceSchema));
  const first = variants[0];
  // anyOf, not oneOf: the bodies are loose objects that can match several
  // variants; the query (`dataset`, `group_by`) decides which one is sent.
  const schema =
    variants.length === 1 && first ? componentRef(first) : { anyOf: variants.map(componentRef) };
  const location = definition.rows(withDefaults(name, {}));
  const parameters = [
    ...(needsProject(name) ? [pathParameter('project', projectParam)] : []),
    ...Object.entries(definition.params as Record<string, ParamRule>).map(([param, rule]) =>
      queryParameter(param, rule),
    ),
  ];
  const description = [
    `${definition.summary}. The same data as the MCP tool \`${definition.tool}\`, built from stored data.`,
    location?.paged
      ? `Rows come in pages: \`pagination.has_more\` says whether to ask again with a larger \`offset\`.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    operationId: operationId(definition.tool),
    summary: definition.summary,
    description,
    tags: [TAGS[name]],
    'x-mcp-tool': definition.tool,
    ...(parameters.length > 0 ? { parameters } : {}),
    responses: {
      '200': {
        description: definition.connectedSource
          ? `${definition.summary}. When the source or window has no stored data: \`available: false\` with a \`reason\`.`
          : definition.summary,
        headers: headerRefs(),
        content: { 'application/json': { schema } },
      },
      ...errorResponsesOf(name),
    },
  };
}

export function buildOpenApiDocument(options: OpenApiOptions = {}): Record<string, unknown> {
  const serverUrl = (options.serverUrl ?? DEFAULT_SERVER_URL).replace(/\/+$/, '');
  const names = Object.keys(ENDPOINTS) as EndpointName[];
  const paths: JsonObject = {};
  for (const name of names) paths[ENDPOINTS[name].path] = { get: operation(name) };
  const roots = [
    ...names.flatMap((name) => responseVariants(name).map(componentId)),
    componentId(unavailableSourceSchema),
    componentId(errorEnvelopeSchema),
  ];
  return {
    openapi: '3.1.0',
    info: {
      title: 'AI-visibility Data API',
      version: '1.0.0',
      description: DESCRIPTION,
      contact: options.contact ?? DEFAULT_CONTACT,
      license: options.license ?? DEFAULT_LICENSE,
    },
    servers: [{ url: `${serverUrl}${API_PREFIX}`, description: 'Data API v1' }],
    security: [{ bearer: [] }],
    tags: [...new Set(Object.values(TAGS))].map((tag) => ({
      name: tag,
      description: TAG_DESCRIPTIONS[tag],
    })),
    paths,
    components: {
      schemas: componentSchemas(roots),
      responses: errorResponseComponents(),
      headers: RATE_LIMIT_HEADERS,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            "A personal access token from the MCP connection's token page. Revoked or expired tokens answer 401.",
        },
      },
    },
  };
}
