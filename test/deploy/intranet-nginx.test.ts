/**
 * examples/intranet-nginx as an operator deploys it: Debian's nginx with the
 * example's site configuration serves the example page and mounts the BUILT
 * proxy (started with the example's environment file) at /aivis, in front of
 * the sandbox. Chromium loads the page: every widget shows the API's figures,
 * every request stays on the page's origin, none carries a token, no answer
 * needs CORS. Only what cannot be real in a test is replaced: nginx's port,
 * the web root, the proxy's port and the service behind it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProxyConfig } from '../../proxy/config.js';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { chunkFilesOf } from '../../scripts/widget/chunk-files.js';
import {
  launchChromium,
  requireBundle,
  waitForWidgets,
  watchConsole,
} from '../../support/browser/harness.js';
import { expectApiFigures } from '../browser/api-figures.js';
import { WIDGET_TAGS } from '../browser/widget-tags.js';
import {
  freePort,
  installBuiltProxy,
  PROXY_START_LINE,
  ROOT,
  type RunningProcess,
  runBuiltProxy,
  untilListening,
  watchProcess,
} from './helpers.js';

const EXAMPLE = `${ROOT}examples/intranet-nginx`;
const SITE_CONF = `${EXAMPLE}/nginx/aivis-intranet.conf`;
const ENV_FILE = `${EXAMPLE}/systemd/aivis-proxy.env`;
const UNIT_FILE = `${EXAMPLE}/systemd/aivis-proxy.service`;
const NGINX = '/usr/sbin/nginx';
const ARTIFACTS = `${ROOT}test-artifacts/deploy`;
const TOKENS = ['aivis_test_entry', 'replace-with-your-personal-access-token'];

/** systemd EnvironmentFile lines: KEY=VALUE, '#' comments, blank lines. */
function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n').slice(0, 1_000)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const equals = trimmed.indexOf('=');
    if (equals < 1) throw new Error(`not KEY=VALUE: ${trimmed}`);
    env[trimmed.slice(0, equals)] = trimmed.slice(equals + 1);
  }
  return env;
}

/** Replaces exactly one occurrence, so a changed example fails here loudly instead of drifting. */
function replaceOnce(text: string, from: string, to: string): string {
  const count = text.split(from).length - 1;
  if (count !== 1) throw new Error(`expected '${from}' once in ${SITE_CONF}, found it ${count}×`);
  return text.replace(from, () => to);
}

let sandbox: RunningSandbox;
let proxy: RunningProcess;
let nginx: RunningProcess & { child: ChildProcess };
let browser: Browser;
let workDir: string;
let proxyInstall: string;
let siteUrl: string;
let exampleEnv: Record<string, string>;

beforeAll(async () => {
  const bundle = requireBundle();
  sandbox = await startSandbox({ port: 0, rateLimit: false });
  exampleEnv = parseEnvFile(await readFile(ENV_FILE, 'utf8'));

  proxyInstall = await installBuiltProxy();
  proxy = runBuiltProxy(proxyInstall, {
    ...exampleEnv,
    AIVIS_BASE_URL: sandbox.baseUrl,
    AIVIS_TOKEN: 'aivis_test_entry',
    PORT: '0',
  });
  const [, proxyUrl] = await proxy.printed(PROXY_START_LINE);
  const proxyPort = new URL(proxyUrl!).port;

  workDir = await mkdtemp(join(tmpdir(), 'aivis-nginx-'));
  const webRoot = `${workDir}/www`;
  await cp(`${EXAMPLE}/site`, webRoot, { recursive: true });
  // As the README's `cp dist/widget/aivis-widgets*.js`: the bundle and the chunks it loads later.
  await cp(bundle, `${webRoot}/assets/aivis-widgets.js`);
  for (const chunk of chunkFilesOf('aivis-widgets.js', `${dirname(bundle)}/`)) {
    await cp(`${dirname(bundle)}/${chunk}`, `${webRoot}/assets/${chunk}`);
  }

  const port = await freePort();
  let site = await readFile(SITE_CONF, 'utf8');
  site = replaceOnce(site, 'listen 80;', `listen 127.0.0.1:${port};`);
  site = replaceOnce(site, 'root /var/www/intranet;', `root ${webRoot};`);
  site = replaceOnce(
    site,
    `server ${exampleEnv.HOST}:${exampleEnv.PORT};`,
    `server 127.0.0.1:${proxyPort};`,
  );
  await writeFile(`${workDir}/site.conf`, site);
  // The part of nginx.conf Debian ships, with every path moved into the scratch folder.
  // One process (master_process off): a root CI user would otherwise hand the workers to
  // 'nobody', who cannot read the scratch folder.
  await writeFile(
    `${workDir}/nginx.conf`,
    `daemon off;
master_process off;
pid ${workDir}/nginx.pid;
error_log ${workDir}/error.log warn;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${workDir}/access.log;
  client_body_temp_path ${workDir}/client_body;
  proxy_temp_path ${workDir}/proxy;
  fastcgi_temp_path ${workDir}/fastcgi;
  uwsgi_temp_path ${workDir}/uwsgi;
  scgi_temp_path ${workDir}/scgi;
  include ${workDir}/site.conf;
}
`,
  );
  const child = spawn(
    NGINX,
    ['-p', `${workDir}/`, '-c', `${workDir}/nginx.conf`, '-e', `${workDir}/error.log`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  nginx = watchProcess(child);
  await untilListening(port, () => child.exitCode === null).catch(async (error: Error) => {
    const log = existsSync(`${workDir}/error.log`)
      ? await readFile(`${workDir}/error.log`, 'utf8')
      : '';
    throw new Error(`${error.message}\n${nginx.stderr()}${log}`);
  });
  siteUrl = `http://127.0.0.1:${port}`;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (nginx?.child.exitCode === null) {
    nginx.child.kill('SIGQUIT');
    await nginx.exited;
  }
  if (proxy?.child.exitCode === null) proxy.child.kill('SIGKILL');
  await sandbox?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
  if (proxyInstall) await rm(proxyInstall, { recursive: true, force: true });
});

describe('examples/intranet-nginx', () => {
  it("the example's environment file is a valid proxy configuration mounted where nginx sends /aivis", async () => {
    const config = readProxyConfig(exampleEnv);
    expect(config.basePath).toBe('/aivis');
    expect(config.allowedOrigins).toEqual([]);
    const site = await readFile(SITE_CONF, 'utf8');
    expect(site).toContain(`location ${config.basePath}/ {`);
    expect(site).toContain(`server ${config.host}:${config.port};`);
    expect(proxy.stdout()).toMatch(/aivis proxy on http:\/\/127\.0\.0\.1:\d+\/aivis /);
  });

  it('counts each viewer by the address nginx saw, not every viewer as loopback', async () => {
    const config = readProxyConfig(exampleEnv);
    // The proxy's peer is always nginx on 127.0.0.1: without the header every viewer shares one share.
    expect(config.clientIpHeader).toBe('X-Real-IP');
    const site = await readFile(SITE_CONF, 'utf8');
    // nginx overwrites whatever the viewer sent under that name with the address it saw.
    expect(site).toMatch(
      new RegExp(`^\\s*proxy_set_header ${config.clientIpHeader} \\$remote_addr;$`, 'm'),
    );
    expect(proxy.stderr()).not.toContain('CLIENT_IP_HEADER');
  });

  it('shows every widget with the figures of the API, same origin, no token, no CORS, strict CSP', async () => {
    const home = await fetch(`${siteUrl}/`);
    expect(home.headers.get('content-security-policy')).toContain("style-src 'self'");
    expect(home.headers.get('content-security-policy')).toContain(
      "require-trusted-types-for 'script'",
    );
    const html = await home.text();
    for (const token of TOKENS) expect(html).not.toContain(token);
    expect(html).toContain('<aivis-provider base-url="/aivis">');

    const page = await browser.newPage({ viewport: { width: 1200, height: 1000 } });
    const problems = watchConsole(page);
    const requests: Array<{ url: string; authorization: string | undefined }> = [];
    const corsHeaders: string[] = [];
    page.on('request', (request) =>
      requests.push({ url: request.url(), authorization: request.headers().authorization }),
    );
    page.on('response', (response) => {
      const allow = response.headers()['access-control-allow-origin'];
      if (allow !== undefined) corsHeaders.push(`${response.url()}: ${allow}`);
    });
    // Installed by the browser ahead of the page, so the page's CSP does not apply to it.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { violations: string[] }).violations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    await page.goto(`${siteUrl}/`);
    await waitForWidgets(page, WIDGET_TAGS);

    // Score, share of voice, the ranking's brands (limit 8) and the marketing plan's titles.
    expect(await expectApiFigures(page, sandbox.baseUrl)).toEqual([
      'aivis-visibility-score',
      'aivis-competitor-ranking',
      'aivis-action-plan',
    ]);
    // The bars keep their widths under style-src 'self': one a brand, the leader's wider than the last's.
    const { barWidths, brands } = await page.evaluate(() => {
      const ranking = document.querySelector('aivis-competitor-ranking')?.shadowRoot;
      return {
        barWidths: [...(ranking?.querySelectorAll<HTMLElement>('[part~="bar"]') ?? [])].map(
          (bar) => bar.getBoundingClientRect().width,
        ),
        brands: ranking?.querySelectorAll('[part~="label"]').length ?? 0,
      };
    });
    expect(brands).toBeGreaterThan(0);
    expect(barWidths.length).toBe(brands);
    expect(barWidths[0]).toBeGreaterThan(barWidths.at(-1)!);
    expect(barWidths.at(-1)).toBeGreaterThan(0);

    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: `${ARTIFACTS}/intranet-nginx.png`, fullPage: true });

    const apiCalls = requests.filter((request) => new URL(request.url).pathname.includes('/api/'));
    expect(apiCalls.length).toBeGreaterThanOrEqual(3);
    for (const request of requests) expect(new URL(request.url).origin).toBe(siteUrl);
    for (const call of apiCalls) expect(new URL(call.url).pathname).toMatch(/^\/aivis\/api\/v1\//);
    expect(requests.filter((request) => request.authorization !== undefined)).toEqual([]);
    expect(corsHeaders).toEqual([]);
    expect(
      await page.evaluate(() => (window as unknown as { violations: string[] }).violations),
    ).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("starts the widgets' requests with the HTML (docs/loading.md) and sends the bundle gzipped", async () => {
    const html = await readFile(`${EXAMPLE}/site/index.html`, 'utf8');
    const preloadLines =
      html.match(/<link rel="preload" as="fetch" crossorigin href="[^"]+">/g) ?? [];
    expect(preloadLines.length).toBe(3);

    const page = await browser.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/aivis/api/')) asked.push(request.url());
    });
    await page.goto(`${siteUrl}/`);
    await waitForWidgets(page, WIDGET_TAGS);
    // The lines in the page are the ones preloadLinks() writes for it, with this site's origin
    // left out: a widget whose attributes changed without its line would ask twice.
    // A string, as a reader types it in the console: the test runner would rewrite import().
    const written: string = await page.evaluate(
      "import('/assets/aivis-widgets.js').then((bundle) => bundle.preloadLinks())",
    );
    expect(written.replaceAll(siteUrl, '').split('\n')).toEqual(preloadLines);
    // Each address once: the widgets took the preloaded answers instead of asking again.
    expect(asked.length).toBe(3);
    expect(new Set(asked).size).toBe(3);
    await page.close();

    const bundle = await fetch(`${siteUrl}/assets/aivis-widgets.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(bundle.headers.get('content-encoding')).toBe('gzip');
    expect(bundle.headers.get('vary')).toContain('Accept-Encoding');
    expect((await bundle.text()).length).toBeGreaterThan(50_000);
  });

  it('serves cards.html with the cards rendered by the proxy, included by nginx (ssi): figures before any script', async () => {
    // Opened from a link on another site: the includes still render from the service.
    const answer = await fetch(`${siteUrl}/cards.html`, {
      headers: { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' },
    });
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).not.toContain('<!--#');
    // The stylesheet the page preloads, named in a Link header too; the page's own headers kept.
    const preloaded = /<link rel="preload" as="style" href="([^"]+)">/.exec(html)?.[1];
    expect(answer.headers.get('link')).toBe(`<${preloaded}>; rel=preload; as=style`);
    expect(answer.headers.get('content-security-policy')).toContain("style-src 'self'");
    expect((await fetch(`${siteUrl}/`)).headers.get('link')).toBeNull();
    for (const tag of ['aivis-visibility-score', 'aivis-competitor-ranking', 'aivis-action-plan']) {
      expect(html).toMatch(new RegExp(`<${tag} [^>]*><template shadowrootmode="open">`));
    }
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain('part="skeleton"');
    const summary = await (
      await fetch(`${sandbox.baseUrl}/api/v1/projects/1001?include=profile`, {
        headers: { Authorization: 'Bearer aivis_test_entry' },
      })
    ).json();
    expect(html).toContain(`<bdi>${summary.profile.brand_name}</bdi>`);
    for (const token of TOKENS) expect(html).not.toContain(token);
    // The cards' one stylesheet on the page's origin (style-src 'self'); the include location is nginx's own.
    const sheet = await fetch(`${siteUrl}/aivis/cards/aivis-cards.css`);
    expect(sheet.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(
      (await fetch(`${siteUrl}/aivis-include/cards/aivis-citations?project=1001`)).status,
    ).toBe(404);
  });

  it('the systemd unit runs the built entry with the environment file and passes systemd-analyze', async () => {
    const unit = await readFile(UNIT_FILE, 'utf8');
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node \/opt\/aivis-proxy\/main\.js$/m);
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/aivis-proxy\/aivis-proxy\.env$/m);
    expect(existsSync(`${proxyInstall}/main.js`)).toBe(true);
    const verify = spawnSync('systemd-analyze', ['verify', UNIT_FILE], { encoding: 'utf8' });
    expect(verify.error, 'systemd-analyze (Debian package systemd; .ci/run installs it)').toBe(
      undefined,
    );
    expect(`${verify.stdout}${verify.stderr}`).toBe('');
    expect(verify.status).toBe(0);
    const security = spawnSync('systemd-analyze', ['security', '--offline=yes', UNIT_FILE], {
      encoding: 'utf8',
    });
    const exposure = /Overall exposure level for \S+: ([\d.]+)/.exec(security.stdout)?.[1];
    // systemd's scale: below 2 is "OK", the best band a network service reaches.
    expect(Number(exposure)).toBeLessThan(2);
  });

  it('the proxy behind nginx stops cleanly on SIGTERM', async () => {
    proxy.child.kill('SIGTERM');
    expect(await proxy.exited).toBe(0);
    expect(proxy.stderr()).toBe('');
    expect(`${proxy.stdout()}${proxy.stderr()}`).not.toContain('aivis_test_entry');
  });
});
