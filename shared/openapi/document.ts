/**
 * The OpenAPI 3.1 description of Data API v1 (spec 1 and 9: published at
 * /openapi/v1.yaml), generated from the endpoint table, the parameter rules
 * and the zod response schemas, so it cannot drift from what the client
 * validates and the sandbox answers. Pure: it returns a plain object; the
 * sandbox serializes it as YAML.
 */
import { ENDPOINTS, type EndpointName, needsProject, projectParam } from '../api/endpoints.js';
import type { ParamRule } from '../api/param-rules.js';
import { responseVariants } from '../api/responses.js';
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
}

export const DEFAULT_SERVER_URL = 'http://127.0.0.1:8787';

/** What spec sections 2 to 9 leave open, so readers know which shapes are this toolkit's reading. */
const DESCRIPTION = [
  'Read-only access to the stored data of an AI-visibility tracking service: visibility metrics, AI answers with judgments, competitors, citations, search-engine webmaster snapshots, GA4 AI traffic and a prioritized action plan. Every endpoint is a GET and corresponds to one MCP tool (`x-mcp-tool`).',
  '',
  'Authentication: a personal access token of the MCP connection as a bearer token. Query conventions: booleans accept true, false, 1 and 0; list parameters take one comma-separated value.',
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
  const parameters = [
    ...(needsProject(name) ? [pathParameter('project', projectParam)] : []),
    ...Object.entries(definition.params as Record<string, ParamRule>).map(([param, rule]) =>
      queryParameter(param, rule),
    ),
  ];
  return {
    operationId: operationId(definition.tool),
    summary: definition.summary,
    'x-mcp-tool': definition.tool,
    ...(parameters.length > 0 ? { parameters } : {}),
    responses: {
      '200': {
        description: definition.connectedSource
          ? `${definition.summary}. When the source or window has no stored data: \`available: false\` with a \`reason\` (spec 2.5).`
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
    info: { title: 'AI-visibility Data API', version: '1.0.0', description: DESCRIPTION },
    servers: [{ url: `${serverUrl}${API_PREFIX}`, description: 'Data API v1' }],
    security: [{ bearer: [] }],
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
            "A personal access token from the MCP connection's token page (spec 5). Revoked or expired tokens answer 401.",
        },
      },
    },
  };
}
