import { describe, expect, it } from 'vitest';
import {
  abortableSleep,
  corsHeaders,
  isReadMethod,
  methodNotAllowed,
  READ_ONLY_METHODS,
} from '../../shared/http/edge.js';
import { REDACTED, redactQuery, redactTokenShapes } from '../../shared/http/redaction.js';

const INTRANET = 'https://intranet.example.com';

describe('the edge rules every server shares', () => {
  it('reads with GET and HEAD only and answers the rest with one 405', () => {
    expect(['GET', 'HEAD'].every(isReadMethod)).toBe(true);
    expect(['POST', 'OPTIONS', 'get', 'DELETE'].some(isReadMethod)).toBe(false);
    const refusal = methodNotAllowed('DELETE');
    expect(refusal).toMatchObject({ status: 405, code: 'method_not_allowed' });
    expect(refusal.headers.Allow).toBe(READ_ONLY_METHODS);
    expect(refusal.message).toContain('DELETE');
    expect(methodNotAllowed('X'.repeat(5000)).message.length).toBeLessThan(120);
  });

  it('echoes only listed origins, and every answer varies by Origin', () => {
    const cors = corsHeaders({ origins: new Set([INTRANET]), exposedHeaders: ['ETag'] });
    expect(cors.forAnswer(INTRANET)).toEqual({
      Vary: 'Origin',
      'Access-Control-Allow-Origin': INTRANET,
      'Access-Control-Expose-Headers': 'ETag',
    });
    for (const origin of [null, 'https://evil.example.com', `${INTRANET}.evil.example`, 'null'])
      expect(cors.forAnswer(origin)).toEqual({ Vary: 'Origin' });
    expect(cors.preflight('https://evil.example.com')).toEqual({
      status: 403,
      headers: { Vary: 'Origin' },
    });
    const granted = cors.preflight(INTRANET);
    expect(granted.status).toBe(204);
    expect(granted.headers['Access-Control-Allow-Methods']).toBe(READ_ONLY_METHODS);
    expect(granted.headers['Access-Control-Allow-Headers']).toContain('Authorization');
    expect(cors.preflight(null)).toEqual({
      status: 204,
      headers: { Allow: READ_ONLY_METHODS, Vary: 'Origin' },
    });
  });

  it("lets any page read under the '*' policy, preflights included", () => {
    const cors = corsHeaders({ origins: '*', exposedHeaders: ['Retry-After'] });
    expect(cors.forAnswer('https://sheet.example')['Access-Control-Allow-Origin']).toBe('*');
    const preflight = cors.preflight('https://sheet.example');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['Access-Control-Expose-Headers']).toBe('Retry-After');
    expect(preflight.headers.Allow).toBe(READ_ONLY_METHODS);
  });

  it('sleeps until the signal aborts, then rejects with its reason', async () => {
    const controller = new AbortController();
    const sleeping = abortableSleep(60_000, controller.signal);
    controller.abort(new Error('viewer left'));
    await expect(sleeping).rejects.toThrow('viewer left');
    await expect(abortableSleep(1, controller.signal)).rejects.toThrow('viewer left');
    await expect(abortableSleep(1)).resolves.toBeUndefined();
  });
});

describe('log redaction without a known secret', () => {
  it('removes token-shaped text and secret-named query values with the one placeholder', () => {
    expect(redactTokenShapes('/api/v1/aivis_live_Secret123/x')).toBe(`/api/v1/${REDACTED}/x`);
    const query = redactQuery(
      new URLSearchParams('period=last_7_days&API_KEY=abc&q=aivis_test_entry&x=a b'),
    );
    expect(query).not.toMatch(/abc|aivis_test_entry/);
    expect(query).toBe(
      new URLSearchParams([
        ['period', 'last_7_days'],
        ['API_KEY', REDACTED],
        ['q', REDACTED],
        ['x', 'a b'],
      ]).toString(),
    );
  });
});
