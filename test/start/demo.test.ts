/**
 * `npm start`'s demo server: the explorer and the gallery are served, the API
 * is reachable through the token-keeping proxies, and no page or script the
 * browser receives contains a token. A user's own page on another local
 * origin, listed in ALLOWED_ORIGINS, embeds the widgets against it.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServedHandler, serveFetchHandler } from '../../server/serve-fetch-handler.js';
import { DEMO_MOUNTS, demoBanner, type RunningDemo, startDemo } from '../../start/demo.js';
import {
  launchChromium,
  requireBundle,
  waitForWidgets,
  watchConsole,
} from '../../support/browser/harness.js';
import { expectApiFigures } from '../browser/api-figures.js';
import { WIDGET_TAGS } from '../browser/widget-tags.js';

let demo: RunningDemo;
/** The user's own page, on an origin of its own (another port). */
let userSite: ServedHandler;
const OTHER_ORIGIN = 'http://localhost:5173';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The embed snippet README.md gives for `ALLOWED_ORIGINS=... npm start`, pointed at this demo. */
async function readmeSnippet(): Promise<string> {
  const readme = await readFile(`${ROOT}README.md`, 'utf8');
  const after = readme.slice(readme.indexOf('ALLOWED_ORIGINS=http://localhost:5173 npm start'));
  const snippet = /```html\n([\s\S]*?)```/.exec(after)?.[1];
  if (!snippet) throw new Error('README.md lost the embed snippet of npm start');
  // The showcase account, as README.md names it (project 3001, its own mount of the demo).
  expect(snippet).toContain('project="3001"');
  expect(snippet).toContain('http://127.0.0.1:8080/accounts/showcase');
  return snippet.replaceAll('http://127.0.0.1:8080', demo.url);
}

beforeAll(async () => {
  userSite = await serveFetchHandler(
    async () =>
      new Response(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>my page</title><link rel="icon" href="data:,"></head><body><h1>My dashboard</h1>\n${await readmeSnippet()}</body></html>`,
        { headers: { 'content-type': 'text/html' } },
      ),
  );
  // The bundle `npm test` built: rebuilding it here would pull it from under the
  // browser suites running in parallel.
  requireBundle();
  // As `ALLOWED_ORIGINS=<user page>,http://localhost:5173 npm start` passes it.
  demo = await startDemo({
    port: 0,
    sandboxPort: 0,
    quiet: true,
    buildWidgets: false,
    allowedOrigins: `${userSite.url},${OTHER_ORIGIN}`.split(','),
  });
}, 120_000);
afterAll(async () => {
  await demo?.close();
  await userSite?.close();
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

  it('answers the origins in ALLOWED_ORIGINS with CORS headers and no other origin', async () => {
    for (const path of ['/api/v1/projects', '/scenarios/free/api/v1/projects']) {
      const listed = await fetch(`${demo.url}${path}`, { headers: { Origin: OTHER_ORIGIN } });
      expect(listed.headers.get('access-control-allow-origin'), path).toBe(OTHER_ORIGIN);
      await listed.body?.cancel();
      const unlisted = await fetch(`${demo.url}${path}`, {
        headers: { Origin: 'http://localhost:3000' },
      });
      expect(unlisted.headers.get('access-control-allow-origin'), path).toBeNull();
      await unlisted.body?.cancel();
    }
  });
});

describe('ALLOWED_ORIGINS of npm start', () => {
  it("lets the user's own page on another origin, with README's snippet, show the API's figures", async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const problems = watchConsole(page);
      await page.goto(`${userSite.url}/`);
      await waitForWidgets(page, WIDGET_TAGS);
      expect(await expectApiFigures(page, demo.sandboxUrl, 'aivis_test_showcase')).toEqual([
        'aivis-visibility-score',
        'aivis-competitor-ranking',
      ]);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('says in the start-up banner which origins may embed, and how to add one', () => {
    const info = { url: 'http://127.0.0.1:8080', sandboxUrl: 'http://127.0.0.1:8787' };
    const listed = demoBanner({ ...info, widgetsBuilt: true, allowedOrigins: [OTHER_ORIGIN] });
    expect(listed).toMatch(/other origins: +http:\/\/localhost:5173 .*ALLOWED_ORIGINS/);
    const none = demoBanner({ ...info, widgetsBuilt: true, allowedOrigins: [] });
    expect(none).toMatch(
      /other origins: +none .*ALLOWED_ORIGINS=http:\/\/localhost:5173 npm start/,
    );
  });

  it('refuses a bad ALLOWED_ORIGINS before starting anything, naming the variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'start/main.ts'], {
      env: { PATH: process.env.PATH ?? '', ALLOWED_ORIGINS: '*', PORT: '0', SANDBOX_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain("npm start: ALLOWED_ORIGINS must list exact origins, not '*'");
  });
});
