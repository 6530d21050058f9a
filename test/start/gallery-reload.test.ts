/**
 * The gallery as a person uses it: opened, then reloaded twice in a row, with
 * the sandbox's per-minute budgets on (as `npm start` runs it). Every state
 * section must still show its own state on the third visit; the demo must
 * never spend its own rate limit. The first screen is the clean showcase
 * project, with one period across it; the hostile values have a labelled
 * section of their own.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDemo } from '../../start/demo.js';
import { launchChromium, requireBundle } from '../../support/browser/harness.js';
import { startTestDemo } from './demo-fixture.js';

let demo: RunningDemo;
let browser: Browser;

beforeAll(async () => {
  requireBundle();
  // Budgets on; the slow scenario answers at once (its skeleton has its own test).
  demo = await startTestDemo({ rateLimit: true, slowWait: () => Promise.resolve() });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

/**
 * Each section's states, read once every widget has rendered and left its
 * loading state: a widget not yet upgraded has no shadow root, so "not busy"
 * alone would count it as settled before its first request (seen under load).
 */
async function statesOf(page: Page): Promise<Record<string, string[]>> {
  const settled = await page.waitForFunction(
    () => {
      const codes: Record<string, string[]> = {};
      for (const widget of document.querySelectorAll('[data-demo]')) {
        if (widget.localName === 'aivis-dashboard') continue;
        const scope =
          widget.closest('[data-state]')?.getAttribute('data-state') ??
          (widget.closest('#sidebar') ? 'sidebar' : 'dashboard');
        const base = widget.shadowRoot?.querySelector('[part~="base"]');
        const busy = !base || base.getAttribute('aria-busy') === 'true';
        // The rate-limited scenario counts down and retries by itself, so it may be
        // loading again at any moment; every other widget settles.
        if (busy && scope !== 'rate-limited') return false;
        const error = widget.shadowRoot?.querySelector('[part~="error"]');
        const code = busy ? 'loading' : (error?.getAttribute('data-code') ?? 'data');
        codes[scope] = [...(codes[scope] ?? []), code];
      }
      return codes;
    },
    undefined,
    { timeout: 60_000, polling: 250 },
  );
  return (await settled.jsonValue()) as Record<string, string[]>;
}

const EXPECTED: Record<string, string> = {
  dashboard: 'data',
  sidebar: 'data',
  hostile: 'data',
  '1002': 'data',
  '1003': 'data',
  pro: 'data',
  'not-found': 'not_found',
  expired: 'unauthenticated',
  revoked: 'unauthenticated',
  'no-scope': 'insufficient_scope',
  free: 'paid_plan_required',
  'server-error': 'server_error',
  'rate-limited': 'rate_limited',
  slow: 'data',
  invalid: 'validation_failed',
};

describe('the gallery, opened three times in a row with the rate limits on', () => {
  it('shows every state right on every visit', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const visit of [1, 2, 3]) {
      if (visit === 1) await page.goto(`${demo.url}/gallery/`);
      else await page.reload();
      const states = await statesOf(page);
      for (const [scope, code] of Object.entries(EXPECTED)) {
        const codes = states[scope] ?? [];
        expect(codes.length, `visit ${visit}: ${scope} has widgets`).toBeGreaterThan(0);
        // A widget without data in a data state is fine only where the project has none to show.
        const wrong = codes.filter(
          (each) =>
            each !== code &&
            !(code === 'data' && each === 'not_connected') &&
            // Between a countdown's end and the retry's answer a widget loads again.
            !((code === 'rate_limited' || code === 'server_error') && each === 'loading'),
        );
        expect(wrong, `visit ${visit}: ${scope} (${codes.join(', ')})`).toEqual([]);
      }
    }
    await page.close();
  }, 300_000);

  it('opens on the clean project, one period across the top dashboard, hostile values in their own labelled section', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${demo.url}/gallery/`);
    await statesOf(page);
    const top = await page.evaluate(() => {
      const widgets = [...document.querySelectorAll('#dashboard [data-demo]')];
      return {
        projects: [...new Set(widgets.map((widget) => widget.getAttribute('project')))],
        text: widgets.map((widget) => widget.shadowRoot?.textContent ?? '').join(' '),
        periods: [
          ...new Set(
            widgets.flatMap((widget) =>
              [
                ...(widget.shadowRoot?.textContent ?? '').matchAll(
                  /Last (?:\d+ days|year)|This year/g,
                ),
              ].map((match) => match[0]),
            ),
          ),
        ],
        hostileTitle: document.querySelector('[data-state="hostile"] h3')?.textContent ?? '',
        hostileText: [...document.querySelectorAll('[data-state="hostile"] [data-demo]')]
          .map((widget) => widget.shadowRoot?.textContent ?? '')
          .join(' '),
      };
    });
    expect(top.projects).toEqual(['3001']);
    expect(top.text).toContain('Northwind Outdoor');
    expect(top.text).not.toMatch(/=HYPERLINK|javascript:|<script/);
    expect(top.periods).toEqual(['Last 30 days']);
    expect(top.hostileTitle).toMatch(/^Hostile data: rendered inert/);
    expect(top.hostileText).toContain('=HYPERLINK("http://evil.example","win")');
    await page.close();
  }, 120_000);
});
