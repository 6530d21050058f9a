/**
 * A reshaping server in front of the sandbox: it answers as the real service
 * might (docs/service-drift.md), so every front end is tested against bodies
 * whose assumed fields differ from our guesses. Each variant rewrites the
 * sandbox's JSON answers; errors pass through untouched.
 */
import { serveFetchHandler } from '../../server/serve-fetch-handler.js';

export const RESHAPE_VARIANTS = [
  /** The MCP tools' names where the sandbox keeps the REST one: next_call for next_request. */
  'real-names',
  /** `period` as { name, from, to } instead of { requested, used, start, end }. */
  'period-shape',
  /** Every decimal as a numeric string ("41.5"). */
  'numeric-strings',
  /** An AI platform the client does not know, and a summary block it does not know. */
  'unknown-platform-block',
  /** Search trends over pages and countries as well as queries; AI-traffic history per platform. */
  'row-kinds',
  /** The competitor detail as one brand without the fields we guessed around it. */
  'single-brand',
] as const;
export type ReshapeVariant = (typeof RESHAPE_VARIANTS)[number];

type Json = unknown;

const isObject = (value: Json): value is Record<string, Json> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Applies `visit` to every object of a body, deepest first. */
function mapObjects(value: Json, visit: (object: Record<string, Json>) => Json): Json {
  if (Array.isArray(value)) return value.map((item) => mapObjects(item, visit));
  if (!isObject(value)) return value;
  const out: Record<string, Json> = {};
  for (const [key, item] of Object.entries(value)) out[key] = mapObjects(item, visit);
  return visit(out);
}

export function reshapeBody(variant: ReshapeVariant, path: string, body: Json): Json {
  switch (variant) {
    case 'real-names':
      return mapObjects(body, (object) => {
        if (!('next_request' in object)) return object;
        const { next_request: link, ...rest } = object;
        return { ...rest, next_call: link };
      });
    case 'period-shape':
      return mapObjects(body, (object) => {
        const period = object.period;
        if (!isObject(period) || !('requested' in period)) return object;
        return { ...object, period: { name: period.used, from: period.start, to: period.end } };
      });
    case 'numeric-strings':
      return numericStrings(body);
    case 'unknown-platform-block':
      return mapObjects(body, (object) => {
        let out = object;
        if (Array.isArray(object.mentions_by_platform))
          out = {
            ...out,
            mentions_by_platform: [
              ...object.mentions_by_platform,
              { platform: 'copilot_plus', mentions: 2, answers: 4, mention_rate: 50 },
            ],
          };
        if ('included' in object && 'report_url' in object)
          out = { ...out, brand_health: { index: 7, trend: 'up' } };
        if (typeof object.platform === 'string' && 'prominence_level' in object)
          out = { ...out, platform: 'copilot_plus' };
        return out;
      });
    case 'row-kinds':
      if (path.includes('/search-performance') && isObject(body) && Array.isArray(body.rows)) {
        if (!/dataset=trends/.test(path)) return body;
        const [first] = body.rows as Array<Record<string, Json>>;
        const base = first ?? { clicks: 3, impressions: 40, ctr: 0.07, position: 4.2 };
        const { query: _query, ...metrics } = base;
        return {
          ...body,
          rows: [
            ...body.rows,
            { ...metrics, dimension: 'page', page: 'https://example.com/tents' },
            { ...metrics, dimension: 'country', country: 'DEU' },
          ],
        };
      }
      if (path.includes('/ai-traffic') && /dataset=history/.test(path) && isObject(body)) {
        const rows = Array.isArray(body.rows) ? (body.rows as Array<Record<string, Json>>) : [];
        return {
          ...body,
          rows: rows.flatMap((row) => [
            { month: row.month, platform: 'chatgpt', sessions: row.sessions },
            { month: row.month, platform: 'perplexity', sessions: 0 },
          ]),
        };
      }
      return body;
    case 'single-brand':
      if (!/dataset=detail/.test(path) || !isObject(body)) return body;
      return {
        found: body.found ?? true,
        name: body.name,
        by_platform: Array.isArray(body.by_platform)
          ? body.by_platform.map((row) => ({
              ...(row as object),
              citations: 3,
              average_position: 2.5,
            }))
          : [],
        platform_highlights: body.platform_highlights,
        period: body.period,
      };
  }
}

function numericStrings(value: Json): Json {
  if (typeof value === 'number' && !Number.isInteger(value)) return String(value);
  if (Array.isArray(value)) return value.map(numericStrings);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, numericStrings(item)]),
  );
}

export interface RunningReshaper {
  baseUrl: string;
  close(): Promise<void>;
}

/** Serves `variant` of the sandbox at `sandboxUrl` on an ephemeral loopback port. */
export async function startReshaper(
  sandboxUrl: string,
  variant: ReshapeVariant,
): Promise<RunningReshaper> {
  const served = await serveFetchHandler(
    async (request: Request) => {
      const url = new URL(request.url);
      const upstream = await fetch(`${sandboxUrl}${url.pathname}${url.search}`, {
        headers: request.headers,
      });
      const text = await upstream.text();
      const type = upstream.headers.get('content-type') ?? '';
      if (upstream.status !== 200 || !type.includes('json')) {
        return new Response(text, { status: upstream.status, headers: upstream.headers });
      }
      const body = reshapeBody(variant, `${url.pathname}${url.search}`, JSON.parse(text));
      const headers = new Headers(upstream.headers);
      headers.delete('content-length');
      headers.delete('content-encoding');
      headers.delete('etag');
      return new Response(JSON.stringify(body), { status: 200, headers });
    },
    { port: 0, host: '127.0.0.1' },
  );
  return { baseUrl: served.url, close: served.close };
}
