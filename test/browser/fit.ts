/**
 * Every widget in every state on one page, and the measurements of the fit
 * rules: does any part of a widget leave its card at a given container
 * width, and how tall is the action plan at 260 px. Shared by the fit suite
 * and the before/after screenshots.
 */
import type { Page } from 'playwright-core';
import type { Harness } from '../../support/browser/harness.js';
import { CARD_TAGS, standaloneScripts } from './widget-tags.js';

/** Requests with this token are held by the page (never answered): the loading state. */
export const HOLD_TOKEN = 'aivis_test_hold';

/** One widget in one state: a label for reports and the element's markup. */
export const STATES: ReadonlyArray<[state: string, markup: string]> = [
  ['score data', '<aivis-visibility-score project="1001"></aivis-visibility-score>'],
  [
    'score fallback period',
    '<aivis-visibility-score project="1003" period="last_year"></aivis-visibility-score>',
  ],
  [
    'ranking data, highlights open',
    '<aivis-competitor-ranking project="1001" limit="5" include-highlights></aivis-competitor-ranking>',
  ],
  [
    'ranking 50 brands',
    '<aivis-competitor-ranking project="1001" limit="50"></aivis-competitor-ranking>',
  ],
  ['plan data', '<aivis-action-plan project="1001" limit="10"></aivis-action-plan>'],
  ['plan rows open', '<aivis-action-plan project="1001" data-open-rows></aivis-action-plan>'],
  [
    'plan needs data, sources unavailable',
    '<aivis-action-plan project="1002" data-open-rows></aivis-action-plan>',
  ],
  [
    'plan no priority signals',
    '<aivis-action-plan project="2001" token="aivis_test_pro"></aivis-action-plan>',
  ],
  [
    'score with trend sparkline',
    '<aivis-visibility-score project="1001" trend></aivis-visibility-score>',
  ],
  [
    'trend data',
    '<aivis-visibility-trend project="1001" competitors="5"></aivis-visibility-trend>',
  ],
  ['trend short history', '<aivis-visibility-trend project="1003"></aivis-visibility-trend>'],
  ['traffic data', '<aivis-ai-traffic project="1001" window="90d"></aivis-ai-traffic>'],
  ['traffic not connected', '<aivis-ai-traffic project="1002"></aivis-ai-traffic>'],
  ['citations domains', '<aivis-citations project="1001"></aivis-citations>'],
  [
    'citations urls',
    '<aivis-citations project="1001" group-by="url" limit="20"></aivis-citations>',
  ],
  [
    'opportunities google',
    '<aivis-search-opportunities project="1001"></aivis-search-opportunities>',
  ],
  [
    'opportunities bing not connected',
    '<aivis-search-opportunities project="1002" source="bing"></aivis-search-opportunities>',
  ],
  ['dashboard', '<aivis-dashboard project="1001"></aivis-dashboard>'],
  // The sandbox's entry account: three projects, one row each, sorted by a column.
  ['portfolio data', '<aivis-portfolio sort="-score"></aivis-portfolio>'],
  ...CARD_TAGS.flatMap(
    (tag): Array<[string, string]> => [
      [`${tag} loading`, `<${tag} project="1001" token="${HOLD_TOKEN}"></${tag}>`],
      [`${tag} paid plan`, `<${tag} project="1001" token="aivis_test_free"></${tag}>`],
      [`${tag} expired`, `<${tag} project="1001" token="aivis_test_expired"></${tag}>`],
      [`${tag} no scope`, `<${tag} project="1001" token="aivis_test_no_scope"></${tag}>`],
      [`${tag} server error`, `<${tag} project="1001" token="aivis_test_server_error"></${tag}>`],
      [`${tag} rate limited`, `<${tag} project="1001" token="aivis_test_rate_limited"></${tag}>`],
      [`${tag} not found`, `<${tag} project="999999999"></${tag}>`],
      [`${tag} invalid`, `<${tag} project="1001" period="yesterday" limit="500"></${tag}>`],
    ],
  ),
];

/** A page without any font or width rules of its own, the states in a frame whose width the test sets. */
export function statesPage(baseUrl: string, states = STATES): string {
  const settings = JSON.stringify({ baseUrl, token: 'aivis_test_entry' });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>widget fit</title>
<link rel="icon" href="data:,"><style>body{margin:0}#frame{display:grid;gap:12px}</style></head>
<body><main><h1>Fit</h1><div id="frame">${states
    .map(([state, markup]) => markup.replace(/^<([a-z-]+)/, `<$1 data-state="${state}"`))
    .join('\n')}</div></main>
${standaloneScripts()}
<script type="module">
import { configure } from '/widget/aivis-widgets.js';
configure(${settings});
</script></body></html>`;
}

/** Opens a page of states with the held token's requests never answered. */
export async function openStates(harness: Harness, name: string, width: number, states = STATES) {
  const page = await harness.browser.newPage({ viewport: { width, height: 900 } });
  await page.route(`${harness.sandbox.baseUrl}/**`, (route) =>
    route.request().headers().authorization === `Bearer ${HOLD_TOKEN}`
      ? undefined // held: the widget stays loading
      : route.fallback(),
  );
  await page.goto(harness.page(name, statesPage(harness.sandbox.baseUrl, states)));
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-state]')].every((widget) => {
        if (widget.getAttribute('token') === 'aivis_test_hold') return true;
        // A widget, or the widgets inside it (the dashboard's sections), done loading.
        const inner = [...(widget.shadowRoot?.querySelectorAll('*') ?? [])].filter(
          (node) => node.localName.startsWith('aivis-') && node.shadowRoot,
        );
        // The dashboard's own card carries no busy state: its sections do.
        return [widget, ...inner].every((each) => {
          const busy = each.shadowRoot?.querySelector('[part~="base"]')?.getAttribute('aria-busy');
          return busy === 'false' || (each === widget && inner.length > 0 && busy == null);
        });
      }),
    undefined,
    { timeout: 20_000 },
  );
  return page;
}

/** Opens every disclosure and every action's supporting rows (data-open-rows), and waits for the rows. */
export async function openEverything(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const widget of document.querySelectorAll('[data-state]')) {
      const root = widget.shadowRoot!;
      for (const details of root.querySelectorAll('details')) details.open = true;
      if (!widget.hasAttribute('data-open-rows')) continue;
      for (const button of root.querySelectorAll<HTMLButtonElement>(
        'button[aria-controls^="rows-"]',
      ))
        button.click();
    }
  });
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-open-rows]')].every((widget) =>
        [...widget.shadowRoot!.querySelectorAll<HTMLElement>('.rows')].every(
          (rows) =>
            rows.hidden ||
            (rows.childElementCount > 0 && !rows.querySelector('[aria-busy="true"]')),
        ),
      ),
    undefined,
    { timeout: 20_000 },
  );
}

/**
 * Every place where a widget's content leaves its card (or the page gains a
 * horizontal scroll) with the frame `width` px wide. A scroll container made
 * for a wide table (`.scroll`) may hold wider content; it must fit itself.
 */
export async function overflowAt(page: Page, width: number): Promise<string[]> {
  await page.setViewportSize({ width, height: 900 });
  // Charts redraw at their box's new width on the next frame (ResizeObserver), as on
  // a real page after a resize: measure once two frames have been drawn.
  await page.evaluate(async (frameWidth) => {
    document.getElementById('frame')!.style.width = `${frameWidth}px`;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  }, width);
  return page.evaluate((frameWidth) => {
    const problems: string[] = [];
    const frame = document.getElementById('frame')!;
    frame.style.width = `${frameWidth}px`;
    if (document.documentElement.scrollWidth > window.innerWidth) {
      problems.push(
        `page scrolls sideways: ${document.documentElement.scrollWidth} > ${window.innerWidth}`,
      );
    }
    for (const widget of document.querySelectorAll<HTMLElement>('[data-state]')) {
      const state = widget.dataset.state;
      const root = widget.shadowRoot!;
      const base = root.querySelector<HTMLElement>('[part~="base"]')!;
      const card = base.getBoundingClientRect();
      if (Math.round(card.width) > frameWidth)
        problems.push(`${state}: card ${Math.round(card.width)} px wide`);
      if (base.scrollWidth > base.clientWidth) {
        problems.push(`${state}: card content ${base.scrollWidth} px in ${base.clientWidth} px`);
      }
      for (const node of root.querySelectorAll<HTMLElement>('*')) {
        if (node.closest('.visually-hidden, style')) continue;
        const inTable = node.parentElement?.closest('.scroll');
        const box = node.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue;
        const where = `${state}: <${node.localName} class="${node.getAttribute('class') ?? ''}" part="${node.getAttribute('part') ?? ''}">`;
        if (!inTable && (box.left < card.left - 0.5 || box.right > card.right + 0.5)) {
          problems.push(
            `${where} spans ${Math.round(box.left)}–${Math.round(box.right)}, card ${Math.round(card.left)}–${Math.round(card.right)}`,
          );
        }
        const style = getComputedStyle(node);
        if (
          !inTable &&
          style.display !== 'inline' &&
          style.overflowX === 'visible' &&
          node.clientWidth > 0 &&
          node.scrollWidth > node.clientWidth + 1
        ) {
          problems.push(`${where} content ${node.scrollWidth} px in ${node.clientWidth} px`);
        }
      }
    }
    return problems;
  }, width);
}

/** The action plan's height with the frame `width` px wide (first plan on the page). */
export async function planHeightAt(page: Page, width: number): Promise<number> {
  await page.setViewportSize({ width: width + 40, height: 900 });
  return page.evaluate((frameWidth) => {
    document.getElementById('frame')!.style.width = `${frameWidth}px`;
    return Math.round(document.querySelector('aivis-action-plan')!.getBoundingClientRect().height);
  }, width);
}
