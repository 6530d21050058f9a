/**
 * An agency's setup on loopback, for the pictures of docs/agencies.md
 * (start/agency-pictures.ts) and the real-browser test of client links: the
 * sandbox, one proxy serving its accounts A and B (AIVIS_ACCOUNTS) with
 * client links on (a SHARE_FILE in a temporary folder, the agency's name,
 * colour and logo), a page of the intranet with `<aivis-portfolio>` from the
 * built standalone bundle, and one client link made by the `share` command.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readProxyConfig } from '../proxy/config.js';
import { createProxyHandler } from '../proxy/handler.js';
import { FileLinkStore } from '../proxy/share/file-links.js';
import { startSandbox } from '../sandbox/server.js';
import { shareCommand } from '../scripts/share.js';
import { serveFetchHandler } from '../server/serve-fetch-handler.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STANDALONE = `${ROOT}dist/widget/standalone`;

/** A small square logo, inline: a client page asks no other server. */
const LOGO = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="8" fill="#7a1f5c"/><path d="M9 29 L20 10 L31 29 Z" fill="#fff"/></svg>',
).toString('base64')}`;

export interface AgencyDemo {
  proxyUrl: string;
  /** The intranet page with the portfolio. */
  portfolioUrl: string;
  /** A client link to project 2001's dashboard (account B). */
  clientLink: string;
  close(): Promise<void>;
}

export async function startAgencyDemo(): Promise<AgencyDemo> {
  const sandbox = await startSandbox({ port: 0, rateLimit: false });
  const folder = await mkdtemp(join(tmpdir(), 'aivis-agency-'));
  const site = await serveFetchHandler(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/portfolio.html') {
      return new Response(portfolioPage(proxyRef.url), {
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
      });
    }
    // The standalone entry and the modules it imports (its runtime, its later chunks).
    const file = /^\/([a-z][a-z-]*(?:\.[a-z-]+)?\.js)$/.exec(path)?.[1];
    if (!file) return new Response('not found', { status: 404 });
    return new Response(await readFile(`${STANDALONE}/${file}`), {
      headers: { 'Content-Type': 'text/javascript; charset=utf-8' },
    });
  });
  const proxyRef = { url: '' };
  let handler: ReturnType<typeof createProxyHandler> | undefined;
  const proxy = await serveFetchHandler((request, context) => handler!(request, context));
  proxyRef.url = proxy.url;
  const env = {
    AIVIS_BASE_URL: sandbox.baseUrl,
    AIVIS_ACCOUNTS: 'acme:ACME_TOKEN,globex:GLOBEX_TOKEN',
    ACME_TOKEN: 'aivis_test_entry',
    GLOBEX_TOKEN: 'aivis_test_pro',
    ALLOWED_ORIGINS: site.url,
    PUBLIC_URL: proxy.url,
    SHARE_SECRET: 'agency-demo-secret-0123456789abcdef012345',
    SHARE_FILE: join(folder, 'links.jsonl'),
    AGENCY_NAME: 'Northwind Digital',
    AGENCY_COLOR: '#7a1f5c',
    AGENCY_LOGO: LOGO,
  };
  const links = new FileLinkStore(env.SHARE_FILE);
  handler = createProxyHandler(readProxyConfig(env), { links });
  const printed: string[] = [];
  const code = await shareCommand(
    [
      'create',
      '--project',
      '2001',
      '--view',
      'aivis-dashboard',
      '--expires',
      '30d',
      '--label',
      'Globex board',
    ],
    env,
    { out: (text) => printed.push(text), err: () => undefined, now: Date.now },
  );
  if (code !== 0) throw new Error('share create failed');
  return {
    proxyUrl: proxy.url,
    portfolioUrl: `${site.url}/portfolio.html`,
    clientLink: printed.join('').trim(),
    async close() {
      await links.close();
      await proxy.close();
      await site.close();
      await sandbox.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

function portfolioPage(proxyUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Client portfolio</title>
<script type="module" src="/aivis-portfolio.js"></script>
<style>body { font-family: system-ui, sans-serif; margin: 16px; max-width: 1100px; }</style>
</head>
<body>
<h1>Client portfolio</h1>
<aivis-portfolio base-url="${proxyUrl}" sort="-score" theme="light"></aivis-portfolio>
</body>
</html>
`;
}
