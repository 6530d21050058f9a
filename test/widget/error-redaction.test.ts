// @vitest-environment happy-dom
/**
 * A service (or anything between) that echoes the token in any field of an
 * error: neither the card nor an aivis-error listener may receive it.
 */
import { describe, expect, it } from 'vitest';
import '../../widget/index.js';
import { containsSecret } from '../../shared/http/redaction.js';
import type { AivisErrorEvent } from '../../widget/index.js';
import { mount, part, settled, shadow } from './dom.js';
import { json, TOKEN } from './fake-api.js';
import { useFakeApi } from './suite.js';

const api = useFakeApi();

async function errorOf(body: unknown, status: number) {
  api.rewrite(() => json(body, status));
  const details: AivisErrorEvent['detail'][] = [];
  document.addEventListener('aivis-error', (event) => details.push(event.detail), { once: true });
  const widget = mount('aivis-visibility-score', { project: '1001' });
  await settled(widget);
  return { widget, detail: details[0]! };
}

describe('an error that echoes the token, in any field', () => {
  it('a 422 errors map: keys and values reach neither the card nor the event', async () => {
    const { widget, detail } = await errorOf(
      {
        error: {
          code: 'validation_failed',
          message: 'Invalid',
          status: 422,
          errors: {
            [`token ${TOKEN}`]: [`was ${TOKEN}`],
            period: [`not ${encodeURIComponent(TOKEN).toUpperCase()} either`],
          },
        },
      },
      422,
    );
    expect(part(widget, 'error')?.dataset.code).toBe('validation_failed');
    expect(detail.error.code).toBe('validation_failed');
    expect(containsSecret(JSON.stringify(detail), TOKEN)).toBe(false);
    expect(containsSecret(shadow(widget).innerHTML, TOKEN)).toBe(false);
    // The rest of the map is still there for the editor.
    expect(Object.keys(detail.error.errors ?? {})).toContain('period');
  });

  it('a plans_url holding the token is no link at all, and is not in the event', async () => {
    const { widget, detail } = await errorOf(
      {
        error: {
          code: 'paid_plan_required',
          message: 'No plan',
          status: 403,
          plans_url: `https://evil.example/collect?t=${TOKEN}`,
        },
      },
      403,
    );
    expect(part(widget, 'error')?.dataset.code).toBe('paid_plan_required');
    expect(shadow(widget).querySelector('a')).toBeNull();
    expect(detail.error.plansUrl).toBeUndefined();
    expect(containsSecret(JSON.stringify(detail), TOKEN)).toBe(false);
    expect(containsSecret(shadow(widget).innerHTML, TOKEN)).toBe(false);
  });

  it('a plans_url without the token stays a link', async () => {
    const { widget, detail } = await errorOf(
      {
        error: {
          code: 'paid_plan_required',
          message: 'No plan',
          status: 403,
          plans_url: 'https://plans.example/pricing',
        },
      },
      403,
    );
    expect(shadow(widget).querySelector('a')?.getAttribute('href')).toBe(
      'https://plans.example/pricing',
    );
    expect(detail.error.plansUrl).toBe('https://plans.example/pricing');
  });
});
