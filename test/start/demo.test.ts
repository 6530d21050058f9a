/**
 * `npm start`'s demo server: the explorer and the gallery are served, the API
 * is reachable through the token-keeping proxies, and no page or script the
 * browser receives contains a token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MOUNTS, type RunningDemo, startDemo } from '../../start/demo.js';

let demo: RunningDemo;
beforeAll(async () => {
  demo = await startDemo({ port: 0, sandboxPort: 0, quiet: true });
}, 120_000);
afterAll(async () => {
  await demo?.close();
});

const TOKENS = Object.values(DEMO_MOUNTS);

async function text(path: string): Promise<{ status: number; body: string; type: string | null }> {
  const response = await fetch(`${demo.url}${path}`);
  return {
    status: response.status,
    body: await response.text(),
    type: response.headers.get('content-type'),
  };
}

describe('npm start demo', () => {
  it('serves the explorer page and its script, with no token in either', async () => {
    const page = await text('/');
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
    const scripts = [...page.body.matchAll(/src="([^"]+\.js)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const code = await text(script.startsWith('/') ? script : `/${script}`);
      expect(code.status).toBe(200);
      for (const token of TOKENS) expect(code.body).not.toContain(token);
    }
    for (const token of TOKENS) expect(page.body).not.toContain(token);
  });

  it('serves the widget gallery with the proxy mounts injected and no token', async () => {
    const gallery = await text('/gallery/');
    expect(gallery.status).toBe(200);
    expect(gallery.body).toContain('window.AIVIS_DEMO');
    expect(gallery.body).toContain('/scenarios/expired');
    for (const token of TOKENS) expect(gallery.body).not.toContain(token);
    const bundle = await text('/widget/aivis-widgets.js');
    expect(bundle.status).toBe(200);
    for (const token of TOKENS) expect(bundle.body).not.toContain(token);
  });

  it('answers the API through the proxy without the page sending a token', async () => {
    const projects = await text('/api/v1/projects');
    expect(projects.status).toBe(200);
    expect(JSON.parse(projects.body).projects.map((p: { id: number }) => p.id)).toEqual([
      1001, 1002, 1003,
    ]);
    const pro = await text('/accounts/pro/api/v1/projects');
    expect(JSON.parse(pro.body).projects.map((p: { id: number }) => p.id)).toEqual([2001]);
  });

  it('routes each error scenario to its own proxy', async () => {
    const expected: Record<string, number> = {
      expired: 401,
      'no-scope': 403,
      free: 403,
      'server-error': 500,
    };
    for (const [scenario, status] of Object.entries(expected)) {
      const answer = await text(`/scenarios/${scenario}/api/v1/projects`);
      expect(answer.status, scenario).toBe(status);
      for (const token of TOKENS) expect(answer.body).not.toContain(token);
    }
  });

  it('serves the OpenAPI document and refuses to serve files outside its folders', async () => {
    expect((await text('/openapi/v1.yaml')).body).toContain('openapi: 3.1.0');
    expect((await text('/widget/..%2F..%2Fpackage.json')).status).toBe(404);
    expect((await text('/..%2Fpackage.json')).status).toBe(404);
  });
});
