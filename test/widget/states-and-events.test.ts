// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import '../../widget/index.js';
import type { AivisErrorEvent, AivisLoadEvent } from '../../widget/index.js';
import { configure } from '../../widget/index.js';
import { manualSleep, noWait } from './clock.js';
import { mount, part, settled, shadow, text } from './dom.js';
import { API_BASE, json, TOKEN } from './fake-api.js';
import { useFakeApi } from './suite.js';

const api = useFakeApi();

/** Widgets with the sandbox's scenario token: the real error envelopes. */
async function withToken(token: string) {
  const widget = mount('aivis-visibility-score', { project: '1001', token });
  await settled(widget, 10_000);
  return widget;
}

describe('error states: a message per code that a person understands', () => {
  it.each([
    ['aivis_test_expired', 'unauthenticated', 'expired or revoked'],
    ['aivis_test_revoked', 'unauthenticated', 'expired or revoked'],
    ['aivis_test_no_scope', 'insufficient_scope', 'not allowed to read the Data API'],
    ['aivis_test_free', 'paid_plan_required', 'no paid plan'],
  ])('%s -> %s', async (token, code, words) => {
    const widget = await withToken(token);
    const error = part(widget, 'error')!;
    expect(error.dataset.code).toBe(code);
    expect(text(error)).toContain(words);
    expect(error.getAttribute('role')).toBe('alert');
    expect(shadow(widget).querySelector('button')).toBeNull(); // asking again will not help
    expect(shadow(widget).innerHTML).not.toContain(token);
  });

  it('links to the plans page for paid_plan_required, only when it is http(s)', async () => {
    const widget = await withToken('aivis_test_free');
    const link = part(widget, 'link') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toMatch(/^https?:\/\//);

    api.rewrite(() =>
      json(
        {
          error: {
            code: 'paid_plan_required',
            message: 'No plan',
            status: 403,
            plans_url: 'javascript:alert(1)',
          },
        },
        403,
      ),
    );
    const hostile = mount('aivis-visibility-score', { project: '1002' });
    await settled(hostile);
    expect(part(hostile, 'error')?.dataset.code).toBe('paid_plan_required');
    expect(shadow(hostile).querySelector('a')).toBeNull();
  });

  it.each([
    ['aivis_test_expired', "the site's administrator needs to renew it", 'token page'],
    ['aivis_test_no_scope', "the site's administrator needs to give it access", 'token page'],
    ['aivis_test_free', "the account's owner can choose one", 'Choose a plan'],
  ])(
    '%s: one calm sentence for the viewer, naming who acts; the technical advice behind Details',
    async (token, who, advice) => {
      const widget = await withToken(token);
      const error = part(widget, 'error')!;
      const sentence = text(error.querySelector('.title'));
      expect(sentence).toContain(who);
      expect(sentence.split(/[.;] /)).toHaveLength(2);
      expect(sentence).not.toMatch(/token|HTTP|API/);
      expect(text(error.querySelector('details'))).toContain(advice);
    },
  );

  it('validation_failed: the sentence points at the list below it', async () => {
    const widget = mount('aivis-visibility-score', { project: '1001', period: 'yesterday' });
    await settled(widget);
    const error = part(widget, 'error')!;
    const sentence = error.querySelector('.title')!;
    expect(text(sentence)).toContain('listed below');
    const list = error.querySelector('ul')!;
    expect(sentence.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(text(list)).toContain('period');
  });

  it('not_found names the project', async () => {
    const widget = mount('aivis-visibility-score', { project: '9999' });
    await settled(widget);
    expect(part(widget, 'error')?.dataset.code).toBe('not_found');
    expect(text(part(widget, 'error'))).toContain('Project 9999 was not found');
  });

  it('server_error shows at once with its countdown (2, 4, 8 s), retries by itself, then offers a button', async () => {
    let fail = true;
    api.rewrite((_url, answer) =>
      fail
        ? json({ error: { code: 'server_error', message: 'Boom', status: 500 } }, 500)
        : answer(),
    );
    const clock = manualSleep();
    configure({ baseUrl: API_BASE, token: TOKEN, fetch: api.fetch, sleep: clock.sleep });
    const widget = mount('aivis-visibility-score', { project: '1001' });
    await settled(widget);
    // One request, no wait asked of the clock before the error shows: no hidden backoff behind a skeleton.
    expect(api.callsTo('/projects/1001')).toHaveLength(1);
    expect(part(widget, 'skeleton')).toBeNull();
    expect(part(widget, 'error')?.dataset.code).toBe('server_error');
    const sentence = () => text(part(widget, 'error')!.querySelector('.title'));
    expect(sentence()).toBe('The data service did not answer. Retrying in 2 s.');
    expect(part(widget, 'retry')).toBeNull();
    let counted = 2;
    for (const [retry, seconds] of [4, 8].entries()) {
      for (let second = 0; second < counted; second++) await clock.elapse();
      counted = seconds;
      await settled(widget);
      expect(api.callsTo('/projects/1001')).toHaveLength(retry + 2);
      expect(sentence()).toBe(`The data service did not answer. Retrying in ${seconds} s.`);
    }
    for (let second = 0; second < 8; second++) await clock.elapse();
    await settled(widget);
    expect(api.callsTo('/projects/1001')).toHaveLength(4);
    expect(sentence()).toBe('The data service did not answer. Try again in a moment.');
    expect(text(part(widget, 'error'))).toContain('failed to answer');
    fail = false;
    (part(widget, 'retry') as HTMLButtonElement).click();
    await settled(widget);
    expect(part(widget, 'error')).toBeNull();
    expect(part(widget, 'score')).not.toBeNull();
  });

  it('server_error: the automatic retry keeps the error up while it asks, and can succeed', async () => {
    let fail = true;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.rewrite(async (_url, answer) => {
      if (fail) return json({ error: { code: 'server_error', message: 'Boom', status: 500 } }, 500);
      await held;
      return answer();
    });
    const clock = manualSleep();
    configure({ baseUrl: API_BASE, token: TOKEN, fetch: api.fetch, sleep: clock.sleep });
    const widget = mount('aivis-visibility-score', { project: '1001' });
    await settled(widget);
    expect(text(part(widget, 'error'))).toContain('Retrying in 2 s');
    fail = false;
    await clock.elapse();
    await widget.updateComplete;
    expect(text(part(widget, 'error'))).toContain('Retrying in 1 s');
    await clock.elapse();
    await widget.updateComplete;
    // The retry is on its way: the error box stays, no skeleton in between.
    expect(api.callsTo('/projects/1001')).toHaveLength(2);
    expect(part(widget, 'skeleton')).toBeNull();
    expect(part(widget, 'error')?.dataset.code).toBe('server_error');
    release();
    await settled(widget);
    expect(part(widget, 'error')).toBeNull();
    expect(part(widget, 'score')).not.toBeNull();
    expect(clock.asked).toEqual([1000, 1000]);
  });

  it('network_error when the service cannot be reached', async () => {
    configure({
      baseUrl: API_BASE,
      token: TOKEN,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
      sleep: noWait,
    });
    const widget = mount('aivis-visibility-score', { project: '1001' });
    await settled(widget);
    expect(part(widget, 'error')?.dataset.code).toBe('network_error');
    expect(text(part(widget, 'error'))).toContain('could not be reached');
  });

  it('network_error that CORS caused: the other origin answers a no-cors probe, and Details say so', async () => {
    const probes: string[] = [];
    configure({
      baseUrl: API_BASE,
      fetch: async (url, init) => {
        if (new URL(url).pathname.startsWith('/api/')) throw new TypeError('Failed to fetch');
        probes.push(`${url} ${(init as RequestInit).mode} ${Object.keys(init.headers).length}`);
        return new Response(null, { status: 404 });
      },
      sleep: noWait,
    });
    const widget = mount('aivis-visibility-score', { project: '1001' });
    await settled(widget);
    const error = part(widget, 'error')!;
    expect(error.dataset.code).toBe('network_error');
    expect(text(error)).toContain('The service refused this page (CORS).');
    // One account of what happened: a refusal, not also "could not reach" and "check the network".
    expect(text(error.querySelector('details'))).not.toMatch(/could not reach|check the network/i);
    expect(part(widget, 'retry')).toBeNull();
    // Each address beside what it is: the page's origin is not the proxy's.
    expect(text(error.querySelector('details'))).toContain(
      `The page's origin ${location.origin} may be missing from ALLOWED_ORIGINS of the proxy at ${API_BASE}.`,
    );
    // The probe reads nothing and carries no headers, so no token.
    expect(new Set(probes)).toEqual(new Set([`${API_BASE}/ no-cors 0`]));
  });

  it('contract_error when a field the Data API document names does not match it', async () => {
    api.rewrite(async (_url, answer) => {
      const body = await (await answer()).json();
      body.report_url = 42;
      return json(body);
    });
    const widget = mount('aivis-visibility-score', { project: '1001' });
    await settled(widget);
    expect(part(widget, 'error')?.dataset.code).toBe('contract_error');
    expect(text(part(widget, 'error'))).toContain('does not understand');
  });

  it('an assumed field missing or of another type costs only its figure: Details say so, one console warning each', async () => {
    api.rewrite(async (_url, answer) => {
      const body = await (await answer()).json();
      if (body.ai_visibility) {
        body.ai_visibility.score = 'high';
        delete body.ai_visibility.performance_comparison;
      }
      return json(body);
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const widget = mount('aivis-visibility-score', { project: '1001' });
      await settled(widget);
      expect(part(widget, 'error')).toBeNull();
      expect(text(part(widget, 'score'))).toContain('—');
      expect(text(part(widget, 'share-of-voice'))).toMatch(/\d/);
      const details = text(part(widget, 'drift'));
      expect(details).toContain(
        "The service's answer has no previous-period change (looked for performance_comparison, change",
      );
      expect(details).toContain('ai_visibility.score');
      widget.requestUpdate();
      await settled(widget);
      const lines = warn.mock.calls.map((call) => String(call[0]));
      expect(lines.filter((line) => line.includes('previous-period change'))).toHaveLength(1);
      expect(lines.every((line) => line.startsWith('<aivis-visibility-score>'))).toBe(true);
    } finally {
      warn.mockRestore();
    }
  });

  /** A 429 that asks to wait `seconds`, `times` times, then the sandbox's own answers. */
  function rateLimited(times: number, seconds: number) {
    let left = times;
    api.rewrite((_url, answer) =>
      left-- > 0
        ? json(
            {
              error: {
                code: 'rate_limited',
                message: 'Slow down',
                status: 429,
                retry_after: seconds,
              },
            },
            429,
            { 'retry-after': String(seconds) },
          )
        : answer(),
    );
  }

  /** A widget whose first `times` answers are such 429s, its countdown on the test's clock, settled on the first. */
  async function rateLimitedWidget(times: number, seconds: number) {
    const clock = manualSleep();
    configure({ baseUrl: API_BASE, token: TOKEN, fetch: api.fetch, sleep: clock.sleep });
    rateLimited(times, seconds);
    const widget = mount('aivis-visibility-score', { project: '1001' });
    await settled(widget);
    return { clock, widget };
  }

  it('rate_limited counts down Retry-After and retries by itself', async () => {
    const { clock, widget } = await rateLimitedWidget(1, 1);
    expect(part(widget, 'error')?.dataset.code).toBe('rate_limited');
    expect(text(part(widget, 'error'))).toContain('Retrying in 1 s');
    expect(api.callsTo('/projects/1001')).toHaveLength(1);
    await clock.elapse();
    await settled(widget);
    expect(part(widget, 'error')).toBeNull();
    expect(part(widget, 'score')).not.toBeNull();
    expect(api.callsTo('/projects/1001')).toHaveLength(2);
    expect(clock.asked).toEqual([1000]);
  });

  it('rate_limited shows every second of a longer Retry-After, one second apart', async () => {
    const { clock, widget } = await rateLimitedWidget(1, 3);
    const shown: string[] = [];
    for (let second = 0; second < 3; second++) {
      shown.push(/Retrying in \d+ s/.exec(text(part(widget, 'error')))?.[0] ?? '');
      expect(api.callsTo('/projects/1001')).toHaveLength(1);
      await clock.elapse();
      await settled(widget);
    }
    expect(shown).toEqual(['Retrying in 3 s', 'Retrying in 2 s', 'Retrying in 1 s']);
    expect(clock.asked).toEqual([1000, 1000, 1000]);
    expect(part(widget, 'score')).not.toBeNull();
    expect(api.callsTo('/projects/1001')).toHaveLength(2);
  });

  it('rate_limited retries by itself three times in a row, then waits for a click', async () => {
    const { clock, widget } = await rateLimitedWidget(4, 1);
    for (let retry = 0; retry < 3; retry++) {
      expect(text(part(widget, 'error'))).toContain('Retrying in 1 s');
      await clock.elapse();
      await settled(widget);
    }
    expect(api.callsTo('/projects/1001')).toHaveLength(4);
    expect(part(widget, 'error')?.dataset.code).toBe('rate_limited');
    expect(text(part(widget, 'error'))).not.toContain('Retrying in');
    (part(widget, 'retry') as HTMLButtonElement).click();
    await settled(widget);
    expect(part(widget, 'score')).not.toBeNull();
    expect(api.callsTo('/projects/1001')).toHaveLength(5);
  });

  it('rate_limited after the automatic retries: no made-up wait, a button to try again', async () => {
    const { clock, widget } = await rateLimitedWidget(4, 2);
    for (let retry = 0; retry < 3; retry++) {
      for (const second of [2, 1]) {
        expect(text(part(widget, 'error'))).toContain(`Retrying in ${second} s`);
        await clock.elapse();
        await settled(widget);
      }
    }
    expect(clock.asked).toEqual([1000, 1000, 1000, 1000, 1000, 1000]);
    const sentence = text(part(widget, 'error')!.querySelector('.title'));
    expect(sentence).toBe('Too many requests right now. Try again in a moment.');
    expect(part(widget, 'retry')).not.toBeNull();
  });

  it('rate_limited: a widget moved during its countdown (appendChild elsewhere) counts on and retries', async () => {
    const { clock, widget } = await rateLimitedWidget(1, 2);
    expect(text(part(widget, 'error'))).toContain('Retrying in 2 s');
    const elsewhere = document.body.appendChild(document.createElement('section'));
    elsewhere.append(widget);
    await clock.elapse();
    await settled(widget);
    expect(text(part(widget, 'error'))).toContain('Retrying in 1 s');
    expect(part(widget, 'retry')).toBeNull();
    await clock.elapse();
    await settled(widget);
    expect(part(widget, 'score')).not.toBeNull();
    expect(api.callsTo('/projects/1001')).toHaveLength(2);
    elsewhere.remove();
  });

  it('rate_limited: a widget that leaves the page stops its countdown and sends nothing more', async () => {
    const { clock, widget } = await rateLimitedWidget(1, 1);
    expect(text(part(widget, 'error'))).toContain('Retrying in 1 s');
    widget.remove();
    await clock.elapse();
    await clock.elapse();
    expect(api.callsTo('/projects/1001')).toHaveLength(1);
  });
});

describe('events', () => {
  it('aivis-load bubbles out of the shadow root with the data', async () => {
    const loads: AivisLoadEvent[] = [];
    document.addEventListener('aivis-load', (event) => loads.push(event));
    const widget = mount('aivis-visibility-score', { project: '1001' });
    await settled(widget);
    expect(loads).toHaveLength(1);
    expect(loads[0]!.composed).toBe(true);
    expect(loads[0]!.detail.endpoint).toBe('summary');
    expect((loads[0]!.detail.data as { id: number }).id).toBe(1001);
  });

  it('aivis-error carries the error as a plain object without the token', async () => {
    const errors: AivisErrorEvent[] = [];
    document.addEventListener('aivis-error', (event) => errors.push(event));
    const widget = mount('aivis-visibility-score', {
      project: '1001',
      token: 'aivis_test_expired',
    });
    await settled(widget);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.detail.error.code).toBe('unauthenticated');
    expect(JSON.stringify(errors[0]!.detail)).not.toContain('aivis_test_expired');
  });
});

describe('sharing one client', () => {
  it('N widgets of the same kind cost one request; re-rendering within the cache time costs none', async () => {
    for (let i = 0; i < 4; i++) mount('aivis-visibility-score', { project: '1001' });
    const widgets = [...document.querySelectorAll('aivis-visibility-score')];
    for (const widget of widgets) await settled(widget);
    expect(api.calls).toHaveLength(1);
    widgets[0]!.remove();
    document.body.append(widgets[0]!);
    const again = mount('aivis-visibility-score', { project: '1001' });
    await settled(again);
    expect(api.calls).toHaveLength(1);
    expect(text(part(again, 'score'))).toBe(text(part(widgets[1]!, 'score')));
  });

  it('changing an attribute aborts the outdated request', async () => {
    api.hold();
    const widget = mount('aivis-visibility-score', { project: '1001' });
    await widget.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 0));
    widget.setAttribute('project', '1002');
    await widget.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 0));
    api.release();
    await settled(widget);
    expect(api.callsTo('/projects/1001')[0]?.aborted).toBe(true);
    expect(api.callsTo('/projects/1002')[0]?.aborted).toBe(false);
    expect(text(part(widget, 'period'))).toBeTruthy();
  });

  it('precedence: element attributes > <aivis-provider> > configure()', async () => {
    configure({ baseUrl: 'http://page.test', token: TOKEN, fetch: api.fetch });
    const provider = mount('aivis-provider', { 'base-url': API_BASE });
    const underProvider = mount('aivis-visibility-score', { project: '1001' }, provider);
    const own = mount(
      'aivis-visibility-score',
      { project: '1002', 'base-url': 'http://element.test' },
      provider,
    );
    const outside = mount('aivis-visibility-score', { project: '1003' });
    for (const widget of [underProvider, own, outside]) await settled(widget);
    const origins = (prefix: string) => api.callsTo(prefix).map((call) => new URL(call.url).origin);
    expect(origins('/projects/1001')).toEqual([API_BASE]);
    expect(origins('/projects/1002')).toEqual(['http://element.test']);
    expect(origins('/projects/1003')).toEqual(['http://page.test']);
    // A token never travels to a base URL set more specifically than the token itself.
    expect(api.callsTo('/projects/1002')[0]?.authorized).toBe(false);
    expect(api.callsTo('/projects/1001')[0]?.authorized).toBe(false);
    expect(api.callsTo('/projects/1003')[0]?.authorized).toBe(true);
    provider.setAttribute('token', TOKEN);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await settled(underProvider);
    expect(api.callsTo('/projects/1001').map((call) => call.authorized)).toEqual([false, true]);
  });

  it("a widget moved out of a provider forgets the provider's connection", async () => {
    configure({ baseUrl: 'http://page.test', fetch: api.fetch });
    const provider = mount('aivis-provider', { 'base-url': API_BASE });
    const widget = mount('aivis-visibility-score', { project: '1001' }, provider);
    await settled(widget);
    document.body.append(widget);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await settled(widget);
    const origins = api.callsTo('/projects/1001').map((call) => new URL(call.url).origin);
    expect(origins).toEqual([API_BASE, 'http://page.test']);
  });

  it('sends nothing until a base URL is named, says so, then loads when configure() names one', async () => {
    configure({ token: TOKEN, fetch: api.fetch });
    const widget = mount('aivis-visibility-score', { project: '1001' });
    await settled(widget);
    expect(part(widget, 'notice')?.dataset.code).toBe('unconnected');
    expect(api.calls).toEqual([]);
    configure({ baseUrl: API_BASE, token: TOKEN, fetch: api.fetch });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await settled(widget);
    expect(part(widget, 'score')).not.toBeNull();
    expect(api.calls).toHaveLength(1);
  });

  it('configure() reloads the widgets already on the page', async () => {
    const widget = mount('aivis-visibility-score', { project: '1001' });
    await settled(widget);
    configure({ baseUrl: API_BASE, token: 'aivis_test_no_scope', fetch: api.fetch });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await settled(widget);
    expect(part(widget, 'error')?.dataset.code).toBe('insufficient_scope');
  });
});
