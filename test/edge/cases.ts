/**
 * The proxy's HTTP cases, written once and run against each runtime the
 * README names (Node, workerd through Miniflare, Bun): the token is kept,
 * SSRF forms reach nothing, identical requests coalesce, ETag/304, CORS, the
 * project allowlist, a stale copy when upstream fails. The upstream is the
 * real sandbox on loopback, behind a switch that can make it answer 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { type ServedHandler, serveFetchHandler } from '../../server/serve-fetch-handler.js';
import { ENTRY_TOKEN, INTRANET, PRO_TOKEN, startRecorder } from '../proxy/helpers.js';

export type ProxyName = 'main' | 'limited' | 'flaky' | 'agency';

/** One proxy configuration per name, as environment variables (Workers bindings, process.env). */
export type EdgeConfigs = Record<ProxyName, Record<string, string>>;

export interface ProxyTarget {
  /** A request to the proxy configured as `name`; `path` starts with /. */
  fetch(name: ProxyName, path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export interface EdgeUpstream {
  sandbox: RunningSandbox;
  configs: EdgeConfigs;
  recorder: Awaited<ReturnType<typeof startRecorder>>;
  /** While true, the switch in front of the sandbox answers 500. */
  failing: boolean;
  close(): Promise<void>;
}

export async function startEdgeUpstream(): Promise<EdgeUpstream> {
  const sandbox = await startSandbox({ port: 0, rateLimit: false });
  const recorder = await startRecorder();
  const state = { failing: false };
  const flaky: ServedHandler = await serveFetchHandler(async (request) => {
    if (state.failing) {
      return Response.json(
        { error: { code: 'server_error', status: 500, message: 'Internal error.' } },
        { status: 500 },
      );
    }
    const { pathname, search } = new URL(request.url);
    const answer = await fetch(`${sandbox.baseUrl}${pathname}${search}`, {
      headers: { Authorization: request.headers.get('Authorization') ?? '' },
    });
    return new Response(await answer.arrayBuffer(), {
      status: answer.status,
      headers: answer.headers,
    });
  });
  const common = { AIVIS_TOKEN: ENTRY_TOKEN, ALLOWED_ORIGINS: INTRANET };
  return {
    sandbox,
    recorder,
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    configs: {
      main: { ...common, AIVIS_BASE_URL: sandbox.baseUrl },
      limited: { ...common, AIVIS_BASE_URL: sandbox.baseUrl, ALLOWED_PROJECTS: '1001,1003' },
      // Two accounts in one proxy (docs/agencies.md): the setting names the variables of the tokens.
      agency: {
        AIVIS_BASE_URL: sandbox.baseUrl,
        ALLOWED_ORIGINS: INTRANET,
        AIVIS_ACCOUNTS: 'acme:ACME_TOKEN,globex:GLOBEX_TOKEN',
        ACME_TOKEN: ENTRY_TOKEN,
        GLOBEX_TOKEN: PRO_TOKEN,
      },
      flaky: {
        ...common,
        AIVIS_BASE_URL: flaky.url,
        CACHE_TTL: '0',
        STALE_WHILE_REVALIDATE: '0',
      },
    },
    async close() {
      await flaky.close();
      await recorder.close();
      await sandbox.close();
    },
  };
}

/** Registers the shared cases for one runtime. */
export function proxyCases(
  runtime: string,
  start: (upstream: EdgeUpstream) => Promise<ProxyTarget>,
): { upstream: () => EdgeUpstream; target: () => ProxyTarget } {
  let upstream: EdgeUpstream;
  let target: ProxyTarget;
  const seen: string[] = [];
  const read = async (name: ProxyName, path: string, init?: RequestInit) => {
    const response = await target.fetch(name, path, init);
    const body = await response.text();
    seen.push(body, ...[...response.headers].map(([key, value]) => `${key}: ${value}`));
    return { status: response.status, headers: response.headers, body };
  };
  const upstreamCalls = (path: string) =>
    upstream.sandbox.requestLog.filter((entry) => entry.path === path).length;

  beforeAll(async () => {
    upstream = await startEdgeUpstream();
    target = await start(upstream);
  });
  afterAll(async () => {
    await target?.close();
    await upstream?.close();
  });

  describe(`the proxy on ${runtime}`, () => {
    it('reads with its own token whatever the client sends, and answers as JSON with nosniff', async () => {
      const answer = await read('main', '/api/v1/projects', {
        headers: { Authorization: `Bearer ${PRO_TOKEN}`, Cookie: 'session=1' },
      });
      expect(answer.status).toBe(200);
      const ids = (JSON.parse(answer.body) as { projects: Array<{ id: number }> }).projects.map(
        (project) => project.id,
      );
      expect(ids).toEqual([1001, 1002, 1003]);
      expect(upstream.sandbox.requestLog.at(-1)).toMatchObject({ account: 'A' });
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it.each([
      ['double slash', `/api/v1//127.0.0.1:{port}/projects`],
      ['encoded slashes', `/api/v1/projects/%2F%2F127.0.0.1:{port}%2Fapi`],
      ['encoded traversal', '/api/v1/projects/%2e%2e/%2e%2e/x'],
      ['backslashes', '/api/v1/projects/1001%5C..%5C..%5Cx'],
      ['userinfo-looking project', '/api/v1/projects/1001@127.0.0.1:{port}'],
      ['malformed escape', '/api/v1/projects/%E0%A4%A'],
    ])('refuses the SSRF form %s without reaching another host', async (_what, path) => {
      const before = upstream.sandbox.requestLog.length;
      const answer = await read('main', path.replace('{port}', String(upstream.recorder.port)));
      expect(answer.status).toBe(404);
      expect(upstream.recorder.hits).toEqual([]);
      expect(upstream.sandbox.requestLog.length).toBe(before);
    });

    it('coalesces 20 concurrent identical requests into one upstream call', async () => {
      const path = '/api/v1/projects/1001/answers';
      const before = upstreamCalls(path);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => read('main', `${path}?platform=gemini`)),
      );
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      expect(upstreamCalls(path) - before).toBe(1);
      const states = answers.map((answer) => answer.headers.get('x-aivis-cache'));
      expect(states.filter((state) => state === 'MISS')).toHaveLength(1);
    });

    it('sends a strong ETag and answers If-None-Match with 304', async () => {
      const path = '/api/v1/projects/1003/action-plan?audience=seo';
      const first = await read('main', path);
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]{43}"$/);
      const again = await read('main', path, { headers: { 'If-None-Match': etag! } });
      expect(again.status).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.get('x-aivis-cache')).toBe('HIT');
    });

    it('gives CORS headers to the allowed origin only, and answers preflights', async () => {
      const allowed = await read('main', '/api/v1/projects', { headers: { Origin: INTRANET } });
      expect(allowed.headers.get('access-control-allow-origin')).toBe(INTRANET);
      const other = await read('main', '/api/v1/projects', {
        headers: { Origin: 'https://evil.example.com' },
      });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await read('main', '/api/v1/projects/1001', {
        method: 'OPTIONS',
        headers: { Origin: INTRANET, 'Access-Control-Request-Method': 'GET' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
      const refused = await read('main', '/api/v1/projects/1001', {
        method: 'OPTIONS',
        headers: { Origin: 'https://evil.example.com', 'Access-Control-Request-Method': 'GET' },
      });
      expect(refused.status).toBe(403);
    });

    it("serves two accounts: one merged list, each project read with its own account's token", async () => {
      const list = await read('agency', '/api/v1/projects');
      expect(list.status).toBe(200);
      const projects = (
        JSON.parse(list.body) as { projects: Array<{ id: number; account: string }> }
      ).projects;
      expect(projects.map((project) => `${project.id} ${project.account}`)).toEqual([
        '1001 acme',
        '1002 acme',
        '1003 acme',
        '2001 globex',
      ]);
      expect((await read('agency', '/api/v1/projects/2001/citations')).status).toBe(200);
      expect(upstream.sandbox.requestLog.at(-1)).toMatchObject({ account: 'B' });
      expect((await read('agency', '/api/v1/projects/1002/citations')).status).toBe(200);
      expect(upstream.sandbox.requestLog.at(-1)).toMatchObject({ account: 'A' });
    });

    it('keeps to ALLOWED_PROJECTS, in the list too', async () => {
      const before = upstream.sandbox.requestLog.length;
      const outside = await read('limited', '/api/v1/projects/1002/citations');
      expect(outside.status).toBe(404);
      expect(upstream.sandbox.requestLog.length).toBe(before);
      const list = await read('limited', '/api/v1/projects');
      expect(
        (JSON.parse(list.body) as { projects: Array<{ id: number }> }).projects.map((p) => p.id),
      ).toEqual([1001, 1003]);
    });

    it('serves the stale copy when upstream answers 500', async () => {
      const path = '/api/v1/projects/1002/ai-traffic';
      const fresh = await read('flaky', path);
      expect(fresh.status).toBe(200);
      upstream.failing = true;
      try {
        const stale = await read('flaky', path);
        expect(stale.status).toBe(200);
        expect(stale.body).toBe(fresh.body);
        expect(stale.headers.get('x-aivis-cache')).toBe('STALE');
        expect(stale.headers.get('x-aivis-stale-reason')).toBe('upstream 500');
        const nothingCached = await read('flaky', '/api/v1/projects/1003/ai-traffic');
        expect(nothingCached.status).toBe(500);
      } finally {
        upstream.failing = false;
      }
    });

    it('renders a card, its embed and its picture from one upstream call, figures in the HTML', async () => {
      const before = upstreamCalls('/api/v1/projects/1002/competitors');
      const card = await read('main', '/cards/aivis-competitor-ranking?project=1002&limit=5');
      expect(card.status).toBe(200);
      expect(card.body).toMatch(
        /^<aivis-competitor-ranking limit="5" project="1002"><template shadowrootmode="open">/,
      );
      expect(card.body).toContain(
        '<ol class="rows" part="list" aria-label="Brands by visibility">',
      );
      expect(card.body).not.toMatch(/<style|\sstyle=/);
      const embed = await read('main', '/embed/aivis-competitor-ranking?project=1002&limit=5');
      expect(embed.body).toContain(card.body.slice(0, 200));
      expect(embed.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      const picture = await read(
        'main',
        '/cards/aivis-competitor-ranking.svg?project=1002&limit=5',
      );
      expect(picture.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      // The PNG picture: drawn by a native module, which Node and Bun load and workerd cannot.
      const png = await target.fetch(
        'main',
        '/cards/aivis-competitor-ranking.png?project=1002&limit=5',
      );
      if (runtime.startsWith('workerd')) {
        expect(png.status).toBe(404);
        expect(await png.text()).toContain('.svg');
      } else {
        expect(png.status).toBe(200);
        expect(png.headers.get('content-type')).toBe('image/png');
        const bytes = new Uint8Array(await png.arrayBuffer());
        expect([...bytes.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
      }
      expect(upstreamCalls('/api/v1/projects/1002/competitors') - before).toBe(1);
      const dashboard = await read('main', '/embed/aivis-dashboard?project=1002');
      expect(dashboard.status).toBe(200);
      expect(dashboard.body).toContain('<aivis-ai-traffic part="section"');
      const refused = await read('main', '/cards/aivis-citations?project=1002&limit=0');
      expect(refused.status).toBe(422);
      expect(refused.body).toContain('<code>limit</code>');
    });

    it('gzips the cards’ stylesheet once: the browser’s decoding gives the CSS back', async () => {
      const sheet = await read('main', '/cards/aivis-cards.css', {
        headers: { 'Accept-Encoding': 'gzip' },
      });
      expect(sheet.status).toBe(200);
      // fetch() decodes gzip: a body the runtime compressed a second time would stay binary here.
      expect(sheet.body).toContain(':host(aivis-visibility-score)');
    });

    it('never showed the token in any answer above', () => {
      expect(seen.length).toBeGreaterThan(20);
      expect(seen.filter((text) => text.toLowerCase().includes(ENTRY_TOKEN))).toEqual([]);
    });
  });

  return { upstream: () => upstream, target: () => target };
}
