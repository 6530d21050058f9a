/**
 * The cards the proxy renders (docs/loading.md, "Cards from the server"), as
 * the widget bench measures them: the pages (docs/loading.md's
 * server-rendered page, its includes filled per request as nginx's `ssi on`
 * fills them; the one-tag dashboard's embed), the render cost per card in
 * this process, and the cards' throughput against the same proxy's API on
 * cache hits and what a hit costs the server's CPU, from the same loads made by a child process.
 */
import { proxyConfig } from '../proxy/config.js';
import { createProxyHandler } from '../proxy/handler.js';
import { MAX_BUDGET_PER_MINUTE } from '../proxy/pacer.js';
import { serveFetchHandler } from '../server/serve-fetch-handler.js';
import type { Query } from '../shared/api/endpoints.js';
import { apiPath } from '../shared/http/request.js';
import { cardAnswer } from '../ssr/card-answer.js';
import { WIDGET_CLASSES } from '../ssr/card-elements.js';
import { readCardRequest, requestKey } from '../ssr/card-request.js';
import { cardsReady } from '../ssr/render-card.js';
import { templateHtml } from '../ssr/template-html.js';
import {
  serverCardsDocPage,
  stylePreloadHeader,
  withIncludes,
} from '../support/browser/loading-doc.js';
import { type ChildLoad, childLoad, LOAD } from './load.js';
import { type Figure, interleave, paired, spread, type Unit } from './stats.js';
import { PROXY_PATH, startBenchSite, TOKEN } from './widget-pages.js';

const DOC_SITE = 'https://intranet.example';
/** Sets window.renderedAt on the frame after the HTML: the cards' figures are in it. */
const RENDERED_AFTER_HTML =
  '<script>requestAnimationFrame(() => { window.renderedAt = performance.now(); setTimeout(() => { window.paintedAt = performance.now(); }); });</script>';

/**
 * The site's pages made per request: docs/loading.md's server-rendered page
 * (its includes asked of the proxy, on the site's origin, and its
 * stylesheet named in a `Link` header, as examples/intranet-nginx sends it) and the
 * dashboard's embed with a timer (the embed's own CSP refuses script; the
 * bench's copy is the same bytes plus the timer, without that header, with
 * the embed's Link header).
 */
export function serverCardPages(siteUrl: () => string) {
  return (proxy: (request: Request) => Promise<Response>) => ({
    '/bench-server-cards.html': async () => {
      const origin = siteUrl();
      const page = await withIncludes(
        serverCardsDocPage().replaceAll(DOC_SITE, origin),
        async (path) => (await proxy(new Request(`${origin}${path}`))).text(),
      );
      // With the Link header the intranet example's nginx sends for such a page.
      return {
        html: page.replace('</body>', `${RENDERED_AFTER_HTML}\n</body>`),
        headers: { link: stylePreloadHeader(page) },
      };
    },
    '/bench-embed-dashboard.html': async () => {
      const answer = await proxy(
        new Request(`${siteUrl()}${PROXY_PATH}/embed/aivis-dashboard?project=1001`),
      );
      const html = (await answer.text()).replace('</body>', `${RENDERED_AFTER_HTML}\n</body>`);
      // The proxy's Link header kept: the page starts its stylesheet as the embed itself does.
      const link = answer.headers.get('link');
      return link ? { html, headers: { link } } : html;
    },
  });
}

/** The bench site with the server-rendered card pages, whose includes it asks of its own origin. */
export async function startCardsSite(bundleDir: string, sandboxUrl: string) {
  let siteUrl = '';
  const started = await startBenchSite(
    bundleDir,
    sandboxUrl,
    undefined,
    0,
    serverCardPages(() => siteUrl),
  );
  siteUrl = started.site.url;
  return started;
}

/** Prints each card's render cost in this process: the element's template, then its HTML. */
export async function printRenderCost(sandboxUrl: string): Promise<void> {
  await cardsReady();
  const rounds = 200;
  for (const tag of Object.keys(WIDGET_CLASSES)) {
    const request = readCardRequest(tag, new URLSearchParams({ project: '1001', locale: 'en' }));
    if (!request.ok) throw request.error;
    const path = apiPath(request.endpoint, request.params as Query);
    const body = await (
      await fetch(`${sandboxUrl}${path}`, { headers: { Authorization: `Bearer ${TOKEN}` } })
    ).text();
    const answer = cardAnswer(request.endpoint, request.params, 200, {}, body, Date.now());
    if (!('data' in answer)) throw new Error(`${tag}: ${answer.error.message}`);
    request.element.holdAnswer(requestKey(request.element), answer.data as never);
    const times: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const started = performance.now();
      templateHtml(request.element.render());
      times.push(performance.now() - started);
    }
    const cost = spread(times.slice(rounds / 4));
    console.log(
      `widget   server render per card, ${tag}: ${cost.median.toFixed(3)} ms median (${cost.min.toFixed(3)}–${cost.max.toFixed(3)} ms), once per answer (kept by its validator)`,
    );
  }
}

/**
 * /cards/… against /api/v1/… of the same proxy over HTTP, both cache hits,
 * interleaved, the load from a child process: the card's body is about
 * three and a half times the answer's (its markup and the answer the bundle
 * takes it over with), and a load generator in this process would charge
 * its own reading of those bytes to the proxy's figure (docs/benchmarks.md,
 * "The cards' cache hit"). Each round's one load gives both the throughput
 * and the server's CPU per response.
 */
export async function cardsThroughput(sandboxUrl: string, rounds: number): Promise<Figure> {
  const handler = createProxyHandler(
    proxyConfig({ baseUrl: sandboxUrl, token: TOKEN, rateLimitPerMinute: MAX_BUDGET_PER_MINUTE }),
  );
  const served = await serveFetchHandler(handler);
  try {
    const card = `${served.url}/cards/aivis-competitor-ranking?project=1001`;
    const api = `${served.url}/api/v1/projects/1001/competitors?dataset=ranking`;
    // Both warm: the answer cached, the card rendered once.
    for (const url of [api, card]) await (await fetch(url)).arrayBuffer();
    const loads = { card: [] as ChildLoad[], api: [] as ChildLoad[] };
    await interleave(
      rounds,
      async () => loads.card.push(await childLoad(card)),
      async () => loads.api.push(await childLoad(api)),
    );
    const of = (
      name: string,
      unit: Unit,
      baselineName: string,
      read: (load: ChildLoad) => number,
    ) => paired('widget', name, unit, baselineName, loads.card.map(read), loads.api.map(read));
    const throughput = of(
      `/cards/aivis-competitor-ranking HIT throughput (${LOAD.connections} connections, load from a child process)`,
      'req/s',
      'the same proxy answering the element’s API request from its cache',
      (load) => load.requestsPerSecond,
    );
    of(
      '/cards/aivis-competitor-ranking HIT, the server’s CPU per response (the same loads)',
      'µs',
      'the same proxy’s API HIT',
      (load) => load.cpuPerResponse,
    );
    return throughput;
  } finally {
    await served.close();
  }
}
