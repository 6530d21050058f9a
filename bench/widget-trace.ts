/**
 * `npx tsx bench/widget-trace.ts [rounds]` (TRACE_DUMP=file.json [TRACE_PAGE=name] keeps one raw trace;
 * TRACE_LATENCY_MS=40 loads every page at that RTT and 20 Mbit/s; TRACE_COLUMNS=server traces only
 * docs/loading.md's server-rendered page and its plain page): where a widget page's time goes,
 * from a Chromium performance trace (CDP Tracing) and the page's own
 * timeline, as a table of medians over `rounds` fresh loads of the bench's
 * three-widget page beside the plain page fetching the same bodies: the
 * bundle's download, compile and evaluation, element definition, the first
 * (skeleton) render, each API request's start and end, the first and the
 * last figure; on the server-rendered page the cards' stylesheet's start and end.
 * Milliseconds from navigation start. Then the renderer's main
 * thread from the HTML's arrival to the last figure, by activity (script,
 * JavaScript callbacks, style and layout, paint, idle): docs/loading.md,
 * "Where the rest of the time goes". Printed, never asserted.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Browser } from 'playwright-core';
import { startSandbox } from '../sandbox/server.js';
import { buildWidgets } from '../scripts/widget/build.js';
import { emulate, launchChromium, type Network, waitRendered, watchRendered } from './browser.js';
import { spread } from './stats.js';
import { startCardsSite } from './widget-cards.js';
import {
  benchPages,
  docPageOn,
  PROXY_PATH,
  plainPage,
  startBenchSite,
  warmSandbox,
} from './widget-pages.js';

const rounds = Math.max(3, Number(process.argv[2]) || 9);
/** TRACE_LATENCY_MS=40: every page under the bench's intranet emulation (that RTT, 20 Mbit/s). */
const latencyMs = Number(process.env.TRACE_LATENCY_MS) || 0;
const network: Network | undefined = latencyMs
  ? { latencyMs, bitsPerSecond: 20_000_000 }
  : undefined;

/**
 * Records, in the page, when elements are defined, first rendered and loaded.
 * A string, not a function: the page must get this code as written, without
 * the helpers a TypeScript loader may add to functions.
 */
const INSTRUMENT = `(() => {
  const marks = {};
  window.traceMarks = marks;
  const mark = (name) => {
    marks[name] ??= performance.now();
  };
  const define = customElements.define.bind(customElements);
  customElements.define = (name, constructor, options) => {
    mark('first define called');
    define(name, constructor, options);
    marks['last define returned'] = performance.now();
  };
  const attach = HTMLElement.prototype.attachShadow;
  HTMLElement.prototype.attachShadow = function (init) {
    mark('first element connected (shadow root)');
    return attach.call(this, init);
  };
  const fetchBefore = window.fetch.bind(window);
  window.fetch = (input, init) => {
    if (String(input).includes('/api/v1/')) mark('first API fetch() called');
    return fetchBefore(input, init);
  };
  // @lit/context's events: a provider announcing itself, a widget asking for its connection.
  addEventListener('context-provider', () => mark('provider connected'));
  addEventListener('context-request', () => mark('first widget asked for its connection'), true);
  let loads = 0;
  document.addEventListener('aivis-load', () => {
    loads += 1;
    if (loads === 1) requestAnimationFrame(() => mark('first figure (frame after first aivis-load)'));
  });
  for (const tag of ['aivis-visibility-score', 'aivis-competitor-ranking', 'aivis-action-plan']) {
    customElements.whenDefined(tag).then(() => {
      const element = document.querySelector(tag);
      element?.updateComplete?.then(() => mark('first element rendered (skeleton)'));
    });
  }
})();`;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid?: number;
  tid?: number;
  args?: { data?: { url?: string; fileName?: string; frame?: string }; fileName?: string };
}

/** Trace event names by what the main thread spends its time on (self time, nested events apart). */
const ACTIVITIES: ReadonlyArray<[activity: string, names: RegExp]> = [
  ['script compile and evaluation', /^(v8\.compile(Module)?|v8\.evaluateModule|EvaluateScript)$/],
  [
    'JavaScript callbacks (Lit updates, fetch answers, timers)',
    /^(RunMicrotasks|FunctionCall|v8\.callFunction|TimerFire|FireAnimationFrame|EventDispatch)$/,
  ],
  ['style and layout', /^(UpdateLayoutTree|Layout|RecalculateStyles)$/],
  ['paint and commit', /^(Paint|PrePaint|Commit|Layerize|UpdateLayer)$/],
  ['HTML parsing', /^ParseHTML$/],
  ['committing the navigation', /^(DocumentLoader::|NavigationBodyLoader::|LocalWindowProxy::)/],
  ['garbage collection', /^(MinorGC|MajorGC|V8\.GC)/],
];
const OTHER_WORK = 'other work';
const IDLE = 'idle (waiting for the network)';

/**
 * Where the renderer's main thread spends [from, to] (ms from navigation
 * start): each event's self time goes to the activity of its nearest
 * ancestor-or-self that has one; what no task covers is idle.
 */
function mainThreadTime(
  events: readonly TraceEvent[],
  thread: { pid?: number; tid?: number },
  at: (event: TraceEvent) => number,
  from: number,
  to: number,
): Record<string, number> {
  const mine = events
    .filter(
      (event) =>
        event.ph === 'X' &&
        event.dur !== undefined &&
        event.pid === thread.pid &&
        event.tid === thread.tid &&
        at(event) < to &&
        at(event) + event.dur / 1000 > from,
    )
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const clipped = (event: TraceEvent) =>
    Math.max(0, Math.min(to, at(event) + event.dur! / 1000) - Math.max(from, at(event)));
  const totals: Record<string, number> = {};
  const add = (activity: string, ms: number) => {
    totals[activity] = (totals[activity] ?? 0) + ms;
  };
  const stack: Array<{ event: TraceEvent; activity?: string; children: number }> = [];
  const close = () => {
    const done = stack.pop()!;
    add(done.activity ?? OTHER_WORK, clipped(done.event) - done.children);
    if (stack.length) stack.at(-1)!.children += clipped(done.event);
  };
  let busy = 0;
  for (const event of mine) {
    while (stack.length && stack.at(-1)!.event.ts + stack.at(-1)!.event.dur! <= event.ts) close();
    if (!stack.length) busy += clipped(event);
    const own = ACTIVITIES.find(([, names]) => names.test(event.name))?.[0];
    stack.push({ event, activity: own ?? stack.at(-1)?.activity, children: 0 });
  }
  while (stack.length) close();
  add(IDLE, Math.max(0, to - from - busy));
  return totals;
}

async function traceOnce(
  browser: Browser,
  url: string,
): Promise<{ marks: Record<string, number>; mainThread: Record<string, number> }> {
  const context = await browser.newContext();
  try {
    await watchRendered(context);
    const page = await context.newPage();
    await page.addInitScript(INSTRUMENT);
    await emulate(context, page, network);
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'v8',
        'v8.execute',
        'blink.user_timing',
        'loading',
        'disabled-by-default-devtools.timeline',
      ],
    });
    await page.goto(url);
    await waitRendered(context, page);
    const inPage = await page.evaluate(() => {
      const out: Record<string, number> = {
        ...(window as unknown as { traceMarks: Record<string, number> }).traceMarks,
        'all figures (renderedAt)': (window as unknown as { renderedAt: number }).renderedAt,
      };
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      out['HTML response end'] = nav.responseEnd;
      out.DOMContentLoaded = nav.domContentLoadedEventEnd;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const bundle = resources.find((entry) => entry.name.endsWith('/aivis-widgets.js'));
      if (bundle) {
        out['bundle request start'] = bundle.startTime;
        out['bundle response end'] = bundle.responseEnd;
      }
      const stylesheet = resources.find((entry) => entry.name.endsWith('/aivis-cards.css'));
      if (stylesheet) {
        out['stylesheet request start'] = stylesheet.startTime;
        out['stylesheet response end'] = stylesheet.responseEnd;
      }
      out['HTML response start'] = nav.responseStart;
      const api = resources.filter((entry) => entry.name.includes('/api/v1/'));
      if (api.length) {
        out['first API request start'] = Math.min(...api.map((entry) => entry.startTime));
        out['last API request start'] = Math.max(...api.map((entry) => entry.startTime));
        out['last API response end'] = Math.max(...api.map((entry) => entry.responseEnd));
      }
      return out;
    });
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
      traceEvents: TraceEvent[];
    };
    const events = trace.traceEvents;
    if (process.env.TRACE_DUMP && url.includes(process.env.TRACE_PAGE ?? 'bench-widgets'))
      writeFileSync(process.env.TRACE_DUMP, JSON.stringify(trace));
    const navigation = events.find(
      (event) => event.name === 'navigationStart' && event.cat.includes('blink.user_timing'),
    );
    let mainThread: Record<string, number> = {};
    if (navigation) {
      const at = (event: TraceEvent) => (event.ts - navigation.ts) / 1000;
      const isBundle = (event: TraceEvent) =>
        /aivis-widgets\.js/.test(
          event.args?.data?.url ?? event.args?.data?.fileName ?? event.args?.fileName ?? '',
        );
      const compile = events.filter(
        (event) => /^v8\.compile(Module)?$/.test(event.name) && isBundle(event) && event.dur,
      );
      if (compile.length) {
        out(inPage, 'bundle compile start', at(compile[0]!));
        out(
          inPage,
          'bundle compile (ms, main thread)',
          compile.reduce((sum, event) => sum + event.dur! / 1000, 0),
        );
      }
      const evaluate = events.filter(
        (event) => event.name === 'v8.evaluateModule' && event.dur && at(event) > 0,
      );
      const longest = evaluate.sort((a, b) => b.dur! - a.dur!)[0];
      if (longest) {
        out(inPage, 'bundle evaluation start', at(longest));
        out(inPage, 'bundle evaluation (ms)', longest.dur! / 1000);
      }
      const paint = events.find((event) => event.name === 'firstContentfulPaint');
      if (paint) out(inPage, 'first contentful paint', at(paint));
      mainThread = mainThreadTime(
        events,
        navigation,
        at,
        inPage['HTML response end'] ?? 0,
        inPage['all figures (renderedAt)'] ?? 0,
      );
    }
    return { marks: inPage, mainThread };
  } finally {
    await context.close();
  }
}

function out(record: Record<string, number>, name: string, value: number) {
  record[name] = value;
}

/** The bundle's modules, grouped by what their JavaScript does for a card. */
const MODULE_GROUPS: ReadonlyArray<[group: string, path: RegExp]> = [
  ['number and date formats (Intl)', /^widget\/internal\/format\.ts$/],
  ['Lit: templates and updates', /^node_modules\/(lit-html|lit-element|@lit\/reactive-element)\//],
  ['Lit: context and task', /^node_modules\/@lit\/(context|task)\//],
  ['request and answer checks (shared/)', /^shared\//],
  // getComputedStyle after the first render: the style and layout it forces count here.
  ["the cards' serif-font check (aivis-card.ts)", /^widget\/internal\/aivis-card\.ts$/],
  ["the cards' own code (widget/)", /^widget\//],
];
const BROWSER_ONLY = 'the browser, called from no bundle code';

interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }>;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Milliseconds of main-thread JavaScript per module group in one CPU profile:
 * each sample goes to the module of its innermost frame in the bundle (so a
 * DOM call or Intl's own work counts for the code that made it), found by
 * the `// <path>` comment an unminified bundle puts above each module.
 */
function jsTimeByModule(
  profile: CpuProfile,
  bundleUrl: string,
  moduleAt: (line: number) => string,
) {
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals: Record<string, number> = {};
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const top = byId.get(id)?.callFrame.functionName ?? '';
    if (/^\((root|program|idle)\)$/.test(top)) return;
    let group = top === '(garbage collector)' ? 'garbage collection' : BROWSER_ONLY;
    for (
      let at: number | undefined = id;
      at !== undefined && group === BROWSER_ONLY;
      at = parent.get(at)
    ) {
      const frame = byId.get(at)!.callFrame;
      if (frame.url !== bundleUrl) continue;
      const module = moduleAt(frame.lineNumber);
      group = MODULE_GROUPS.find(([, path]) => path.test(module))?.[0] ?? `other: ${module}`;
    }
    totals[group] = (totals[group] ?? 0) + ms;
  });
  return totals;
}

/** The module each line of an unminified bundle belongs to, from its `// <path>` comments. */
function modulesOf(code: string): (line: number) => string {
  const starts = code.split('\n').flatMap((text, line) => {
    const path = /^\/\/ ((?:node_modules|shared|widget)\/\S+\.[jt]s)$/.exec(text)?.[1];
    return path ? [{ line, path }] : [];
  });
  const lastFirst = [...starts].reverse();
  return (line) => lastFirst.find((start) => start.line <= line)?.path ?? '(bundle)';
}

async function profileOnce(browser: Browser, url: string): Promise<CpuProfile> {
  const context = await browser.newContext();
  try {
    await watchRendered(context);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(url);
    await waitRendered(context, page);
    return ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile;
  } finally {
    await context.close();
  }
}

/** The docs/loading.md page on an unminified build, profiled: which modules its JavaScript is. */
async function printJavaScriptByModule(browser: Browser, sandboxUrl: string): Promise<void> {
  await buildWidgets({ outDir: namedDir, bundlesOnly: true, minify: false });
  const named = await startBenchSite(namedDir, sandboxUrl);
  try {
    const bundlePath = '/assets/aivis-widgets.js';
    const moduleAt = modulesOf(readFileSync(`${namedDir}/aivis-widgets.js`, 'utf8'));
    const namedPage = named.site.page('trace-named', docPageOn(named.site.url, 3));
    await profileOnce(browser, namedPage);
    const groups = new Map<string, number[]>();
    for (let round = 0; round < rounds; round += 1) {
      const profile = await profileOnce(browser, namedPage);
      const totals = jsTimeByModule(profile, `${named.site.url}${bundlePath}`, moduleAt);
      for (const [group, ms] of Object.entries(totals)) {
        groups.set(group, [...(groups.get(group) ?? []), ms]);
      }
    }
    console.log(
      `\nthe docs/loading.md page's JavaScript by module (CPU profile of an unminified build, medians of ${rounds} loads, ms)`,
    );
    console.log('| modules | ms |');
    console.log('|---|---:|');
    const medians = [...groups].map(([group, values]) => {
      const all = [...values, ...Array<number>(rounds - values.length).fill(0)];
      return [group, spread(all).median] as const;
    });
    for (const [group, ms] of medians.sort(([, a], [, b]) => b - a)) {
      if (ms >= 0.1) console.log(`| ${group} | ${ms.toFixed(1)} |`);
    }
  } finally {
    await named.site.close();
  }
}

const outDir = mkdtempSync(`${tmpdir()}/aivis-widget-trace-`);
const namedDir = `${outDir}/with-names`;
try {
  await buildWidgets({ outDir, bundlesOnly: true });
  const sandbox = await startSandbox({ port: 0, rateLimit: false });
  const { site, proxied } = await startCardsSite(outDir, sandbox.baseUrl);
  const browser = await launchChromium();
  try {
    const pages = benchPages(site, sandbox.baseUrl);
    await warmSandbox(sandbox.baseUrl);
    const table = new Map<string, Map<string, number[]>>();
    /** The main thread's time from the HTML's arrival to the last figure, by activity. */
    const spent = new Map<string, Map<string, number[]>>();
    const advised = site.page('trace-advised', docPageOn(site.url, 3));
    const from = proxied.length;
    await traceOnce(browser, advised);
    const advisedPaths = proxied
      .slice(from)
      .map((entry) => entry.path.slice(`${PROXY_PATH}/api/v1`.length));
    const serverCards = `${site.url}/bench-server-cards.html`;
    const allColumns = [
      ['three widgets (import(), configure())', pages.widgets],
      ['plain page', pages.baseline],
      ['docs/loading.md page', advised],
      ['plain page, proxy', site.page('trace-plain-proxied', plainPage(PROXY_PATH, advisedPaths))],
      ['server-rendered cards', serverCards],
    ] as const;
    // TRACE_COLUMNS=server: only the server-rendered page and its plain page (and no CPU profile).
    const serverOnly = process.env.TRACE_COLUMNS === 'server';
    const columns = serverOnly ? allColumns.slice(3) : allColumns;
    await traceOnce(browser, serverCards); // the proxy's first cards render outside the figures
    await traceOnce(browser, pages.baseline);
    for (let round = 0; round < rounds; round += 1) {
      for (const [column, url] of round % 2 ? [...columns].reverse() : columns) {
        const { marks, mainThread } = await traceOnce(browser, url);
        for (const [into, record] of [
          [table, marks],
          [spent, mainThread],
        ] as const) {
          for (const [name, value] of Object.entries(record)) {
            const row = into.get(name) ?? new Map<string, number[]>();
            row.set(column, [...(row.get(column) ?? []), value]);
            into.set(name, row);
          }
        }
      }
    }
    const rows = [...table.entries()].sort(
      ([, a], [, b]) =>
        spread(a.get(columns[0][0]) ?? a.get(columns[1][0]) ?? []).median -
        spread(b.get(columns[0][0]) ?? b.get(columns[1][0]) ?? []).median,
    );
    console.log(`medians of ${rounds} loads each, ms from navigation start (durations say ms)`);
    console.log(`| step | ${columns.map(([name]) => name).join(' | ')} |`);
    console.log(`|---|${columns.map(() => '---:').join('|')}|`);
    for (const [name, row] of rows) {
      const cells = columns.map(([column]) => {
        const values = row.get(column);
        return values ? spread(values).median.toFixed(1) : '';
      });
      console.log(`| ${name} | ${cells.join(' | ')} |`);
    }
    console.log(
      `\nthe renderer's main thread from the HTML's arrival to the last figure, medians of ${rounds} loads, ms`,
    );
    console.log(`| activity | ${columns.map(([name]) => name).join(' | ')} |`);
    console.log(`|---|${columns.map(() => '---:').join('|')}|`);
    const activities = [...ACTIVITIES.map(([activity]) => activity), OTHER_WORK, IDLE];
    for (const activity of activities) {
      const cells = columns.map(([column]) =>
        spread(spent.get(activity)?.get(column) ?? [0]).median.toFixed(1),
      );
      console.log(`| ${activity} | ${cells.join(' | ')} |`);
    }

    if (!serverOnly) await printJavaScriptByModule(browser, sandbox.baseUrl);
  } finally {
    await browser.close();
    await site.close();
    await sandbox.close();
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
