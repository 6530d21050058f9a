/**
 * The `npm start` job: the sandbox, token-keeping proxies in front of it (one
 * for the demo account, one per error scenario), the explorer page and the
 * widget gallery, all on loopback. The pages hold no token: the proxies add it.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { proxyConfig } from '../proxy/config.js';
import { createProxyHandler, type ProxyHandler } from '../proxy/handler.js';
import { type StartSandboxOptions, startSandbox } from '../sandbox/server.js';
import { serveFetchHandler } from '../server/serve-fetch-handler.js';
import { isReadMethod, methodNotAllowed } from '../shared/http/edge.js';
import { errorEnvelope } from '../shared/http/errors.js';
import { sheetsDownload } from './sheets-download.js';
import { serveFile } from './static-files.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const EXPLORER_OUT = `${ROOT}dist/start`;
const WIDGET_OUT = `${ROOT}dist/widget`;
const GALLERY_DIR = `${ROOT}widget/demo`;

/** Which sandbox token each mounted proxy keeps; the page only ever sees the mount paths. */
export const DEMO_MOUNTS = {
  '': 'aivis_test_entry',
  '/accounts/pro': 'aivis_test_pro',
  '/accounts/showcase': 'aivis_test_showcase',
  '/scenarios/expired': 'aivis_test_expired',
  '/scenarios/revoked': 'aivis_test_revoked',
  '/scenarios/no-scope': 'aivis_test_no_scope',
  '/scenarios/free': 'aivis_test_free',
  '/scenarios/server-error': 'aivis_test_server_error',
  '/scenarios/rate-limited': 'aivis_test_rate_limited',
  '/scenarios/slow': 'aivis_test_slow',
} as const;

export type DemoMount = keyof typeof DEMO_MOUNTS;

/**
 * The account the pages open on: the showcase's clean project 3001 (README.md,
 * "The showcase account"); the demo account keeps the edge cases the tests need.
 */
export const SHOWCASE_MOUNT: DemoMount = '/accounts/showcase';

/** What the pages call each mount; they switch between accounts by these, never by token. */
export const DEMO_MOUNT_LABELS: Record<DemoMount, string> = {
  '': 'Demo account (1001-1003)',
  '/accounts/pro': 'Pro account (2001)',
  '/accounts/showcase': 'Showcase account (3001)',
  '/scenarios/expired': 'Expired token (401)',
  '/scenarios/revoked': 'Revoked token (401)',
  '/scenarios/no-scope': 'Token without API scope (403)',
  '/scenarios/free': 'No paid plan (403)',
  '/scenarios/server-error': 'Server error (500)',
  '/scenarios/rate-limited': 'Rate limited (429)',
  '/scenarios/slow': 'Slow answers (5 s)',
};

/**
 * Mounts whose answers are never cached or served stale: the slow scenario
 * exists to show the loading state, which a cached copy (the proxy's or the
 * browser's) would skip on every visit after the first.
 */
const UNCACHED_MOUNTS: ReadonlySet<DemoMount> = new Set(['/scenarios/slow']);
const NO_CACHE = { cacheTtlSeconds: 0, staleWhileRevalidateSeconds: 0, staleIfErrorSeconds: 0 };

/** The account list the explorer offers: mount path and label, no token; the one it opens on first. */
export function demoAccounts(): Array<{ basePath: string; label: string; opensOn?: true }> {
  return (Object.keys(DEMO_MOUNTS) as DemoMount[]).map((basePath) => ({
    basePath,
    label: DEMO_MOUNT_LABELS[basePath],
    ...(basePath === SHOWCASE_MOUNT ? { opensOn: true as const } : {}),
  }));
}

export interface DemoOptions {
  port?: number;
  sandboxPort?: number;
  /**
   * Origins of the user's own pages (e.g. http://localhost:5173) that may read the
   * proxies' answers cross-origin; `npm start` takes them from ALLOWED_ORIGINS,
   * checked as the proxy checks that variable. The demo's own pages need none.
   */
  allowedOrigins?: readonly string[];
  /** Delay of the slow scenario; tests shorten the sandbox's 5 s. */
  slowDelayMs?: number;
  /** Instead of the delay, what the slow scenario waits for (tests hold it; SandboxOptions.slowWait). */
  slowWait?: StartSandboxOptions['slowWait'];
  /**
   * The sandbox's per-minute budget (default on, as the real API). Suites that
   * open the 90-widget gallery several times a minute turn it off; the
   * rate-limited state stays reachable through its scenario token.
   */
  rateLimit?: boolean;
  /**
   * The service address /sheets/ fills in for the add-on's paste-install files
   * (`npm start` takes AIVIS_SERVICE_URL); an analyst may name another.
   */
  sheetsService?: string;
  /** Skip building the widget bundle (tests that only need the explorer). */
  buildWidgets?: boolean;
  quiet?: boolean;
}

export interface RunningDemo {
  url: string;
  sandboxUrl: string;
  close(): Promise<void>;
}

async function buildExplorer(quiet: boolean): Promise<void> {
  await build({
    configFile: false,
    root: `${ROOT}start/explorer`,
    logLevel: quiet ? 'silent' : 'warn',
    build: { outDir: EXPLORER_OUT, emptyOutDir: true },
  });
}

async function buildWidgetBundle(): Promise<boolean> {
  const module = (await import('../scripts/widget/build.js')) as {
    buildWidgets?: (options?: { outDir?: string }) => Promise<void>;
  };
  if (!module.buildWidgets) return false;
  await module.buildWidgets({ outDir: WIDGET_OUT });
  return true;
}

function galleryConfig(origin: string): string {
  const scenarios = (Object.keys(DEMO_MOUNTS) as DemoMount[])
    .filter((mount) => mount.startsWith('/scenarios/'))
    .map((mount) => ({
      name: mount.slice('/scenarios/'.length),
      label: DEMO_MOUNT_LABELS[mount],
      baseUrl: `${origin}${mount}`,
    }));
  const config = {
    baseUrl: origin,
    proBaseUrl: `${origin}/accounts/pro`,
    showcaseBaseUrl: `${origin}/accounts/showcase`,
    scenarios,
  };
  // JSON inside a script element: escape '<' so no value can close the element.
  return `<script>window.AIVIS_DEMO = ${JSON.stringify(config).replace(/</g, '\\u003c')};</script>`;
}

async function galleryPage(origin: string): Promise<Response | undefined> {
  const path = `${GALLERY_DIR}/gallery.html`;
  if (!existsSync(path)) return undefined;
  const html = await readFile(path, 'utf8');
  const injected = html.includes('</head>')
    ? html.replace('</head>', `${galleryConfig(origin)}</head>`)
    : galleryConfig(origin) + html;
  return new Response(injected, {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
  });
}

/** The proxy's own check of ALLOWED_ORIGINS, before anything starts: a bad value names the variable. */
function checkedOrigins(origins: readonly string[]): readonly string[] {
  return proxyConfig({
    baseUrl: 'http://127.0.0.1',
    token: DEMO_MOUNTS[''],
    allowedOrigins: origins,
  }).allowedOrigins;
}

export function demoBanner(info: {
  url: string;
  sandboxUrl: string;
  widgetsBuilt: boolean;
  allowedOrigins: readonly string[];
}): string {
  const crossOrigin = info.allowedOrigins.length
    ? `${info.allowedOrigins.join(', ')}   (ALLOWED_ORIGINS: these pages may call ${info.url}/api/v1/...)`
    : 'none   (to embed the widgets in your own page, e.g. on http://localhost:5173: ALLOWED_ORIGINS=http://localhost:5173 npm start)';
  return `aivis demo
  explorer:       ${info.url}/
  widget gallery: ${info.widgetsBuilt ? `${info.url}/gallery/` : '(widget bundle not available)'}
  API via proxy:  ${info.url}/api/v1/projects   (the proxy adds the sandbox token; the pages hold none)
  Sheets add-on:  ${info.url}/sheets/   (AIVIS.gs and appsscript.json to paste, for your service's address)
  other origins:  ${crossOrigin}
  sandbox:        ${info.sandboxUrl}/api/v1   (Bearer aivis_test_entry; every scenario token: docs/sandbox.md)
Press Ctrl+C to stop.`;
}

export async function startDemo(options: DemoOptions = {}): Promise<RunningDemo> {
  const quiet = options.quiet ?? false;
  const allowedOrigins = checkedOrigins(options.allowedOrigins ?? []);
  const sandbox = await startSandbox({
    port: options.sandboxPort ?? 8787,
    rateLimit: options.rateLimit ?? true,
    ...(options.slowDelayMs === undefined ? {} : { slowDelayMs: options.slowDelayMs }),
    ...(options.slowWait === undefined ? {} : { slowWait: options.slowWait }),
  });
  await buildExplorer(quiet);
  let widgetsBuilt = false;
  if (options.buildWidgets !== false) {
    // The explorer is still worth having when the widget build breaks: say why, carry on.
    widgetsBuilt = await buildWidgetBundle().catch((error: unknown) => {
      console.error(
        `widget gallery unavailable: ${error instanceof Error ? error.message : String(error)}`,
      );
      return false;
    });
  }

  if (options.buildWidgets !== false && !existsSync(`${ROOT}dist/apps-script-paste/AIVIS.gs`)) {
    // /sheets/ hands out the add-on built once here; without it, it says how to build.
    await import('../scripts/sheets/index.js')
      .then((module) => module.buildAppsScript())
      .catch((error: unknown) => {
        console.error(
          `Sheets add-on files unavailable: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
  }

  const proxies: Array<[string, ProxyHandler]> = Object.entries(DEMO_MOUNTS)
    // Longest mount first, so /scenarios/x is not taken by the root mount.
    .sort(([a], [b]) => b.length - a.length)
    .map(([basePath, token]) => [
      basePath,
      createProxyHandler(
        proxyConfig({
          baseUrl: sandbox.baseUrl,
          token,
          basePath,
          cacheTtlSeconds: 30,
          allowedOrigins,
          ...(UNCACHED_MOUNTS.has(basePath as DemoMount) ? NO_CACHE : {}),
        }),
      ),
    ]);

  const sheets = sheetsDownload(
    options.sheetsService ? { defaultService: options.sheetsService } : {},
  );
  let origin = '';
  const handler = async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    for (const [basePath, proxy] of proxies) {
      const rest = pathname.slice(basePath.length);
      if (
        pathname.startsWith(basePath) &&
        (rest.startsWith('/api/v1/') || rest === '/openapi/v1.yaml')
      ) {
        return proxy(request);
      }
    }
    if (!isReadMethod(request.method)) {
      const refusal = methodNotAllowed(request.method);
      return Response.json(errorEnvelope(refusal.code, refusal.message), {
        status: refusal.status,
        headers: refusal.headers,
      });
    }
    if (pathname === '/demo/accounts.json') {
      return Response.json(demoAccounts(), { headers: { 'cache-control': 'no-cache' } });
    }
    if (pathname === '/gallery' || pathname === '/gallery/') {
      const page = await galleryPage(origin);
      if (page) return page;
    }
    if (pathname.startsWith('/gallery/')) {
      const file = await serveFile(GALLERY_DIR, pathname.slice('/gallery/'.length));
      if (file) return file;
    }
    if (pathname === '/sheets') return Response.redirect(new URL('/sheets/', request.url), 301);
    if (pathname.startsWith('/sheets/')) {
      const answer = await sheets.handle(new URL(request.url));
      if (answer) return answer;
    }
    if (pathname.startsWith('/widget/')) {
      const file = await serveFile(WIDGET_OUT, pathname.slice('/widget/'.length));
      // A module script from another origin is fetched with CORS. The bundle is public
      // code, so any page may load it; the data stays behind ALLOWED_ORIGINS.
      if (file) file.headers.set('access-control-allow-origin', '*');
      if (file) return file;
    }
    const file = await serveFile(EXPLORER_OUT, pathname.slice(1));
    return (
      file ?? Response.json(errorEnvelope('not_found', `Nothing at ${pathname}.`), { status: 404 })
    );
  };

  const served = await serveFetchHandler(handler, { port: options.port ?? 8080 });
  origin = served.url;
  if (!quiet) {
    console.log(
      demoBanner({ url: served.url, sandboxUrl: sandbox.baseUrl, widgetsBuilt, allowedOrigins }),
    );
  }
  return {
    url: served.url,
    sandboxUrl: sandbox.baseUrl,
    close: async () => {
      await served.close();
      await sandbox.close();
    },
  };
}
