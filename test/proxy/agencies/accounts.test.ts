/**
 * Several accounts in one proxy (docs/agencies.md#several-accounts), against
 * the sandbox over HTTP with its accounts A (entry token: 1001-1003) and B
 * (pro token: 2001): the merged list, routing by owner, each account's own
 * budget and refusals, one failing account beside the other's answers, and
 * no token in any byte served.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProxyAccount, proxyConfig, readProxyConfig } from '../../../proxy/config.js';
import { type RunningSandbox, startSandbox } from '../../../sandbox/server.js';
import { formatters } from '../../../shared/display-format.js';
import { ENTRY_TOKEN, LeakWatch, PRO_TOKEN, testProxy } from '../helpers.js';

const REVOKED = 'aivis_test_revoked';
const RATE_LIMITED = 'aivis_test_rate_limited';
const OLD_NAMES = 'aivis_test_old_names';
const TOKENS = [ENTRY_TOKEN, PRO_TOKEN, REVOKED, RATE_LIMITED, OLD_NAMES];

let sandbox: RunningSandbox;
const watch = new LeakWatch();

const A: ProxyAccount = { label: 'acme', token: ENTRY_TOKEN };
const B: ProxyAccount = { label: 'globex', token: PRO_TOKEN };

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
});
afterAll(async () => {
  await sandbox.close();
  expect(watch.leaks(TOKENS)).toEqual([]);
});

const upstreamTokens = () => sandbox.requestLog.map((entry) => entry.path);

function proxyOf(accounts: ProxyAccount[], options: Record<string, unknown> = {}) {
  return testProxy({ baseUrl: sandbox.baseUrl, token: undefined, accounts, ...options }, {}, watch);
}

describe('the merged projects list', () => {
  it("lists both accounts' projects, each with its account's label", async () => {
    const proxy = proxyOf([A, B]);
    const seen = await proxy.get('/api/v1/projects');
    expect(seen.status).toBe(200);
    const projects = JSON.parse(seen.body).projects as { id: number; account: string }[];
    expect(projects.map((project) => [project.id, project.account])).toEqual([
      [1001, 'acme'],
      [1002, 'acme'],
      [1003, 'acme'],
      [2001, 'globex'],
    ]);
    expect(JSON.parse(seen.body).failed_accounts).toBeUndefined();
  });

  it('still answers 200 with the others when one account fails, naming it and why', async () => {
    const proxy = proxyOf([A, { label: 'lapsed', token: REVOKED }]);
    const seen = await proxy.get('/api/v1/projects');
    expect(seen.status).toBe(200);
    const body = JSON.parse(seen.body);
    expect(body.projects.map((project: { id: number }) => project.id)).toEqual([1001, 1002, 1003]);
    expect(body.failed_accounts).toEqual([
      expect.objectContaining({ account: 'lapsed', status: 401, code: 'unauthenticated' }),
    ]);
    // The revoked token's account does not stop the other's views.
    expect((await proxy.get('/api/v1/projects/1001')).status).toBe(200);
    const lost = await proxy.get('/api/v1/projects/2001');
    expect(lost.status).toBe(502);
    expect(JSON.parse(lost.body).error.accounts).toEqual(['lapsed']);
  });

  it('applies each account its own project allowlist', async () => {
    const proxy = proxyOf([{ ...A, allowedProjects: [1002] }, B]);
    const body = JSON.parse((await proxy.get('/api/v1/projects')).body);
    expect(body.projects.map((project: { id: number }) => project.id)).toEqual([1002, 2001]);
    expect((await proxy.get('/api/v1/projects/1001')).status).toBe(404);
    expect((await proxy.get('/api/v1/projects/1002')).status).toBe(200);
  });
});

describe('routing a project to the account that owns it', () => {
  it("reads each project with its own account's token", async () => {
    const proxy = proxyOf([A, B]);
    const before = sandbox.requestLog.length;
    const a = await proxy.get('/api/v1/projects/1001/competitors');
    const b = await proxy.get('/api/v1/projects/2001/competitors?limit=5');
    expect([a.status, b.status]).toEqual([200, 200]);
    // Account B's token reads 2001: with A's it would be a 404 (data-api 4).
    expect(JSON.parse(b.body)).not.toHaveProperty('error');
    expect(upstreamTokens().slice(before)).toContain('/api/v1/projects/2001/competitors');
  });

  it("serves a card or embed of a project with its own account's token", async () => {
    const proxy = proxyOf([A, B]);
    const summary = JSON.parse((await proxy.get('/api/v1/projects/2001')).body);
    const card = await proxy.get('/cards/aivis-visibility-score?project=2001');
    expect(card.status, card.body.slice(0, 300)).toBe(200);
    expect(card.body).toContain(summary.profile.brand_name);
    expect((await proxy.get('/embed/aivis-dashboard?project=1003')).status).toBe(200);
  });

  it('refuses with 409 a project two accounts list, naming both', async () => {
    // The old-names scenario reads account A's projects: 1001 is in both lists.
    const proxy = proxyOf([A, { label: 'initech', token: OLD_NAMES }]);
    const seen = await proxy.get('/api/v1/projects/1001');
    expect(seen.status).toBe(409);
    const error = JSON.parse(seen.body).error;
    expect(error.accounts).toEqual(['acme', 'initech']);
    expect(error.message).toContain("'acme' and 'initech'");
  });

  it('answers 404 for a project no account has, spending nothing upstream for it', async () => {
    const proxy = proxyOf([A, B]);
    await proxy.get('/api/v1/projects');
    const before = sandbox.requestLog.length;
    const seen = await proxy.get('/api/v1/projects/9999');
    expect(seen.status).toBe(404);
    expect(upstreamTokens().slice(before)).not.toContain('/api/v1/projects/9999');
  });
});

describe('the portfolio without script', () => {
  it("renders one row per project of both accounts, each with its own summary's score", async () => {
    const proxy = proxyOf([A, B]);
    const page = await proxy.get('/embed/aivis-portfolio?sort=-score');
    expect(page.status).toBe(200);
    expect(page.body).not.toMatch(/<script/i);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    const rows = [
      ...page.body.matchAll(
        /<tr><td><a href="([^"]+)">([^<]+)<\/a><\/td><td>(\w+)<\/td><td class="number">([\d.]+)/g,
      ),
    ];
    expect(rows.map((row) => row[3])).toEqual(expect.arrayContaining(['acme', 'globex']));
    expect(rows).toHaveLength(4);
    for (const [, href, , , score] of rows) {
      const project = /project=(\d+)/.exec(href!)![1];
      const summary = JSON.parse((await proxy.get(`/api/v1/projects/${project}`)).body);
      expect(Number(score)).toBe(summary.ai_visibility.score);
    }
    const scores = rows.map((row) => Number(row[4]));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // Its figures read as the dashboard it links to (shared/display-format.ts), not as raw numbers.
    const formats = formatters('en');
    const first = /project=(\d+)/.exec(rows[0]![1]!)![1];
    const summary = JSON.parse((await proxy.get(`/api/v1/projects/${first}`)).body);
    const listed = JSON.parse((await proxy.get('/api/v1/projects')).body).projects.find(
      (project: { id: number }) => String(project.id) === first,
    );
    const firstRow = page.body.split('</tr>').find((row) => row.includes(`project=${first}"`))!;
    expect(firstRow).toContain(
      `<td class="number">${formats.percent(summary.ai_visibility.share_of_voice)}</td>`,
    );
    expect(firstRow).toContain(`<td>${formats.date(listed.last_checked_at)}</td>`);
    expect(firstRow).not.toMatch(/<td>\d{4}-\d{2}-\d{2}/);
    const one = await proxy.get('/cards/aivis-portfolio?account=globex');
    expect([...one.body.matchAll(/<tr><td>/g)]).toHaveLength(1);
    expect(one.body).toContain('/cards/aivis-portfolio.css');
    expect((await proxy.get('/cards/aivis-portfolio.css')).status).toBe(200);
  });
});

describe("each account's own budget and refusals", () => {
  it("one account's spent budget leaves the other's untouched", async () => {
    const proxy = proxyOf([A, B], { maxUpstreamPerMinute: 3, maxQueueWaitMs: 0 });
    // Account A: its list plus two datasets spend its 3; the third dataset is refused.
    expect((await proxy.get('/api/v1/projects/1001')).status).toBe(200);
    expect((await proxy.get('/api/v1/projects/1002')).status).toBe(200);
    expect((await proxy.get('/api/v1/projects/1003')).status).toBe(429);
    // Account B still has all of its own.
    expect((await proxy.get('/api/v1/projects/2001')).status).toBe(200);
    expect((await proxy.get('/api/v1/projects/2001/competitors')).status).toBe(200);
  });

  it("stats() reports each account's own figures beside their sums", async () => {
    const proxy = proxyOf([A, B], { maxUpstreamPerMinute: 3, maxQueueWaitMs: 0 });
    // Routing 1001 reads both lists; then 1001's summary with A's token.
    expect((await proxy.get('/api/v1/projects/1001')).status).toBe(200);
    const stats = proxy.handler.stats();
    expect(Object.keys(stats.accounts ?? {})).toEqual(['acme', 'globex']);
    const { acme, globex } = stats.accounts!;
    expect([acme!.upstreamRequests, globex!.upstreamRequests]).toEqual([2, 1]);
    expect([acme!.cacheEntries, globex!.cacheEntries]).toEqual([2, 1]);
    expect(acme!.budgetRemaining).toBeLessThan(globex!.budgetRemaining);
    expect(stats.upstreamRequests).toBe(3);
    expect(stats.cacheEntries).toBe(3);
    expect(stats.budgetRemaining).toBe(acme!.budgetRemaining + globex!.budgetRemaining);
    // The single-token proxy keeps its flat figures.
    expect(testProxy({ baseUrl: sandbox.baseUrl }, {}, watch).handler.stats()).not.toHaveProperty(
      'accounts',
    );
  });

  it("one account's 429 from the service leaves the other answering", async () => {
    const proxy = proxyOf([{ label: 'busy', token: RATE_LIMITED }, B]);
    const list = JSON.parse((await proxy.get('/api/v1/projects')).body);
    expect(list.failed_accounts).toEqual([
      expect.objectContaining({ account: 'busy', status: 429 }),
    ]);
    expect((await proxy.get('/api/v1/projects/2001')).status).toBe(200);
  });

  it('keeps the single-token setup as it was', async () => {
    const proxy = testProxy({ baseUrl: sandbox.baseUrl }, {}, watch);
    const body = JSON.parse((await proxy.get('/api/v1/projects')).body);
    expect(body.projects[0]).not.toHaveProperty('account');
  });
});

describe('AIVIS_ACCOUNTS', () => {
  const base = { AIVIS_BASE_URL: 'http://127.0.0.1:1' };

  it('names the variables that hold the tokens, never the tokens', () => {
    const config = readProxyConfig({
      ...base,
      AIVIS_ACCOUNTS: 'acme:ACME_TOKEN, globex:GLOBEX_TOKEN:2001+2002',
      ACME_TOKEN: ENTRY_TOKEN,
      GLOBEX_TOKEN: PRO_TOKEN,
    });
    expect(config.accounts).toEqual([
      { label: 'acme', token: ENTRY_TOKEN },
      { label: 'globex', token: PRO_TOKEN, allowedProjects: [2001, 2002] },
    ]);
  });

  it.each([
    ['a token pasted in place of a variable', `acme:${ENTRY_TOKEN}`, /no variable name/],
    ['an unset variable', 'acme:ACME_TOKEN', /ACME_TOKEN is not set/],
    ['a label twice', 'acme:OTHER,acme:ACME_TOKEN', /twice/],
    ['a malformed label', 'Acme Corp:ACME_TOKEN', /no valid label/],
  ])('refuses %s, naming AIVIS_ACCOUNTS and echoing no token', (_, text, message) => {
    let thrown: Error | undefined;
    try {
      readProxyConfig({ ...base, AIVIS_ACCOUNTS: text, OTHER: PRO_TOKEN });
    } catch (error) {
      thrown = error as Error;
    }
    expect(thrown?.message).toMatch(/AIVIS_ACCOUNTS/);
    expect(thrown?.message).toMatch(message);
    expect(thrown?.message).not.toContain(ENTRY_TOKEN);
    expect(thrown?.message).not.toContain(PRO_TOKEN);
  });

  it('refuses AIVIS_TOKEN and AIVIS_ACCOUNTS together, and neither', () => {
    expect(() =>
      proxyConfig({ baseUrl: base.AIVIS_BASE_URL, token: ENTRY_TOKEN, accounts: [A] }),
    ).toThrow(/AIVIS_ACCOUNTS/);
    expect(() => readProxyConfig(base)).toThrow(/AIVIS_TOKEN.*required/);
  });
});
