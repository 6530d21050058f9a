import { describe, expect, it } from 'vitest';
import { serveFetchHandler } from '../../server/serve-fetch-handler.js';

describe('serveFetchHandler', () => {
  it('answers a handler exception with the data-api 7 500 envelope and keeps serving', async () => {
    let calls = 0;
    const served = await serveFetchHandler(
      async () => {
        calls++;
        if (calls === 1) throw new Error('boom with secret detail');
        return new Response('ok');
      },
      { port: 0, onError: () => undefined },
    );
    try {
      const first = await fetch(`${served.url}/x`);
      expect(first.status).toBe(500);
      const body = await first.json();
      expect(body.error).toMatchObject({ code: 'server_error', status: 500 });
      expect(JSON.stringify(body)).not.toContain('secret detail');
      const second = await fetch(`${served.url}/x`);
      expect(await second.text()).toBe('ok');
    } finally {
      await served.close();
    }
  });

  it('passes method, path, query, headers and body through, and copies response headers', async () => {
    const served = await serveFetchHandler(async (request) => {
      const url = new URL(request.url);
      return Response.json(
        {
          method: request.method,
          path: url.pathname,
          query: url.search,
          auth: request.headers.get('authorization'),
          body: await request.text(),
        },
        { status: 201, headers: { 'x-custom': 'yes' } },
      );
    });
    try {
      const response = await fetch(`${served.url}/a/b?c=1`, {
        method: 'POST',
        headers: { authorization: 'Bearer t' },
        body: 'hello',
      });
      expect(response.status).toBe(201);
      expect(response.headers.get('x-custom')).toBe('yes');
      expect(await response.json()).toEqual({
        method: 'POST',
        path: '/a/b',
        query: '?c=1',
        auth: 'Bearer t',
        body: 'hello',
      });
    } finally {
      await served.close();
    }
  });

  it('aborts the request signal when the client disconnects', async () => {
    let abortedSeen: () => void = () => undefined;
    const aborted = new Promise<void>((resolve) => {
      abortedSeen = resolve;
    });
    let arrivedSeen: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => {
      arrivedSeen = resolve;
    });
    const served = await serveFetchHandler(
      (request) =>
        new Promise<Response>((resolve) => {
          request.signal.addEventListener('abort', () => {
            abortedSeen();
            resolve(new Response('too late'));
          });
          arrivedSeen();
        }),
    );
    try {
      const controller = new AbortController();
      const pending = fetch(`${served.url}/wait`, { signal: controller.signal });
      // Disconnect once the server holds the request, however long that took (no timer).
      await arrived;
      controller.abort();
      await expect(pending).rejects.toThrow();
      await aborted;
    } finally {
      await served.close();
    }
  });

  it('sends no body for HEAD', async () => {
    const served = await serveFetchHandler(
      async () => new Response('body', { headers: { 'content-type': 'text/plain' } }),
    );
    try {
      const response = await fetch(served.url, { method: 'HEAD' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain');
      expect(await response.text()).toBe('');
    } finally {
      await served.close();
    }
  });
});
