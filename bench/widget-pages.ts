/**
 * The pages the widget bench and the widget trace load: three widgets, the
 * bundle imported then configure(), the same with modulepreload, and the plain page that
 * fetches the same three bodies and writes them as text (the floor).
 */
import { setTimeout } from 'node:timers/promises';
import { proxyConfig } from '../proxy/config.js';
import { createProxyHandler } from '../proxy/handler.js';
import { MAX_BUDGET_PER_MINUTE } from '../proxy/pacer.js';
import { type MadePage, type Site, startSite } from './browser.js';

export { docPageOn, loadingDocPage, watchWidgets } from '../support/browser/loading-doc.js';

/** Where the bench site mounts the token-keeping proxy, as docs/loading.md's page expects it. */
export const PROXY_PATH = '/aivis-proxy';

export const TOKEN = 'aivis_test_entry';

/** The three bodies the three-widget page asks for. */
export const THREE_WIDGET_PATHS = [
  '/projects/1001?include=profile%2Cai_visibility',
  '/projects/1001/competitors?dataset=ranking',
  '/projects/1001/action-plan',
];

const HEAD =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">';

const THREE_WIDGETS = `<aivis-visibility-score project="1001"></aivis-visibility-score>
<aivis-competitor-ranking project="1001"></aivis-competitor-ranking>
<aivis-action-plan project="1001"></aivis-action-plan>`;

/** Sets window.renderedAt on the frame after the `count`-th aivis-load. */
const renderedAfterLoads = (count: number) => `let loaded = 0;
document.addEventListener('aivis-load', () => {
  if (++loaded === ${count}) requestAnimationFrame(() => { window.renderedAt = performance.now(); setTimeout(() => { window.paintedAt = performance.now(); }); });
});`;

/**
 * A page fetching `paths` from the API and writing each body as text as it
 * arrives (window.firstAt after the first, window.renderedAt after the
 * last); with a token when it is given, as the widgets send it.
 */
export function plainPage(baseUrl: string, paths: readonly string[], token?: string): string {
  const headers = JSON.stringify(token ? { Authorization: `Bearer ${token}` } : {});
  return `${HEAD}</head><body>
<script type="module">
const base = ${JSON.stringify(baseUrl)};
const paths = ${JSON.stringify(paths)};
let written = 0;
await Promise.all(paths.map((path) =>
  fetch(base + '/api/v1' + path, { headers: ${headers} }).then((r) => r.json()).then((body) => {
    const pre = document.createElement('pre');
    pre.textContent = JSON.stringify(body, null, 2);
    document.body.append(pre);
    if (++written === 1) requestAnimationFrame(() => { window.firstAt = performance.now(); });
  })));
requestAnimationFrame(() => { window.renderedAt = performance.now(); setTimeout(() => { window.paintedAt = performance.now(); }); });
</script></body></html>`;
}

export function benchPages(site: Site, baseUrl: string) {
  const settings = JSON.stringify({ baseUrl, token: TOKEN });
  return {
    // The bundle imported, then configure() (docs/widgets.md, Configuration).
    widgets: site.page(
      'bench-widgets',
      `${HEAD}</head><body>
${THREE_WIDGETS}
<script type="module">
${renderedAfterLoads(3)}
const { configure } = await import('/widget/aivis-widgets.js');
configure(${settings});
</script></body></html>`,
    ),
    // The README's former guidance: the bundle preloaded from <head> and imported statically.
    preloaded: site.page(
      'bench-widgets-preloaded',
      `${HEAD}
<link rel="modulepreload" href="/widget/aivis-widgets.js"></head><body>
${THREE_WIDGETS}
<script type="module">
import { configure } from '/widget/aivis-widgets.js';
configure(${settings});
${renderedAfterLoads(3)}
</script></body></html>`,
    ),
    baseline: site.page('bench-baseline', plainPage(baseUrl, THREE_WIDGET_PATHS, TOKEN)),
  };
}

/** Asks for each path once, so both pages meet the same warm server. */
export async function warmSandbox(baseUrl: string, paths = THREE_WIDGET_PATHS): Promise<void> {
  for (const path of paths) {
    const warm = await fetch(`${baseUrl}/api/v1${path}`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    await warm.arrayBuffer();
  }
}

/**
 * The bench's site: pages, the bundle, and the token-keeping proxy at
 * PROXY_PATH on the same origin, as docs/loading.md's page expects it,
 * with its default CACHE_TTL unless `cacheTtlSeconds` says otherwise (0: a
 * repeat visit asks again, max-age=0, and is answered with a 304 instead of
 * from the browser's cache alone). With `serviceDelayMs` every proxy answer
 * waits that long first, as when its cache is cold and the service is slow.
 * `proxied` lists what the proxy was asked and how it answered.
 */
export async function startBenchSite(
  bundleDir: string,
  sandboxUrl: string,
  cacheTtlSeconds?: number,
  serviceDelayMs = 0,
  madePages: (
    proxy: (request: Request) => Promise<Response>,
  ) => Record<string, () => Promise<MadePage>> = () => ({}),
) {
  const proxy = createProxyHandler(
    proxyConfig({
      baseUrl: sandboxUrl,
      token: TOKEN,
      basePath: PROXY_PATH,
      ...(cacheTtlSeconds === undefined ? {} : { cacheTtlSeconds }),
      rateLimitPerMinute: MAX_BUDGET_PER_MINUTE,
    }),
  );
  const proxied: Array<{ path: string; status: number }> = [];
  const site = await startSite(bundleDir, {
    madePages: madePages(proxy),
    mount: {
      path: PROXY_PATH,
      handler: async (request) => {
        if (serviceDelayMs > 0) await setTimeout(serviceDelayMs);
        const answer = await proxy(request);
        const { pathname, search } = new URL(request.url);
        proxied.push({ path: `${pathname}${search}`, status: answer.status });
        return answer;
      },
    },
  });
  return { site, proxied };
}
