// @vitest-environment happy-dom
/**
 * <aivis-portfolio> against a proxy serving the sandbox's accounts A and B
 * (docs/agencies.md#the-portfolio): one row per project across both, each
 * row's figures those of the project's own summary, sortable, filterable by
 * account, one summary request per project, and the failing account named.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { proxyConfig } from '../../proxy/config.js';
import { createProxyHandler } from '../../proxy/handler.js';
import { createSandboxHandler } from '../../sandbox/app.js';
import { portfolioRow, sortRows } from '../../shared/portfolio.js';
import { pollUntil } from '../../support/poll.js';
import { configure } from '../../widget/index.js';
import '../../widget/portfolio/portfolio.js';
import { endpointsOf, expandElement } from '../../scripts/response-shapes-plugin.js';
import { mount, parts, shadow, text } from './dom.js';

const PROXY = 'http://proxy.test';
const sandbox = createSandboxHandler({ rateLimit: false });

function agencyProxy(second = 'aivis_test_pro') {
  const proxy = createProxyHandler(
    proxyConfig({
      baseUrl: 'http://sandbox.test',
      accounts: [
        { label: 'acme', token: 'aivis_test_entry' },
        { label: 'globex', token: second },
      ],
      allowedHosts: ['proxy.test'],
    }),
    { fetch: (input, init) => sandbox(new Request(input, init)), sharedCache: null },
  );
  const paths: string[] = [];
  configure({
    baseUrl: PROXY,
    fetch: async (url, init) => {
      paths.push(new URL(url).pathname);
      return proxy(new Request(url, { method: init.method, headers: init.headers }));
    },
  });
  return paths;
}

async function summaryOf(project: number, token: string) {
  const response = await sandbox(
    new Request(`http://sandbox.test/api/v1/projects/${project}`, {
      headers: { Authorization: `Bearer ${token}` },
    }),
  );
  return (await response.json()) as Record<string, unknown>;
}

async function rowsOf(element: HTMLElement, count: number) {
  await pollUntil(async () => parts(element, 'row').length === count, {
    what: `${count} portfolio rows`,
    timeoutMs: 5_000,
    intervalMs: 5,
  });
  return parts(element, 'row').map((row) =>
    [...row.querySelectorAll('td')].map((cell) => text(cell)),
  );
}

afterEach(() => document.body.replaceChildren());

describe('<aivis-portfolio>', () => {
  it("shows one row per project of both accounts, with each project's own summary figures", async () => {
    const paths = agencyProxy();
    const element = mount('aivis-portfolio', { sort: 'brand' });
    const rows = await rowsOf(element, 4);
    const expected = await Promise.all(
      [
        [1001, 'aivis_test_entry'],
        [1002, 'aivis_test_entry'],
        [1003, 'aivis_test_entry'],
        [2001, 'aivis_test_pro'],
      ].map(async ([project, token]) => {
        const summary = await summaryOf(project as number, token as string);
        return portfolioRow({ id: project }, summary);
      }),
    );
    for (const row of expected) {
      const shown = rows.find((cells) => cells[0] === row.brand);
      expect(shown, row.brand).toBeDefined();
      expect(shown![1]).toBe(row.project === 2001 ? 'globex' : 'acme');
      expect(Number(shown![2])).toBe(row.score);
      expect(shown![5]).toBe(row.rank === null ? '–' : `#${row.rank}`);
      expect(shown![6]).toBe(String(row.flaggedAnswers ?? '–'));
    }
    // One list and one summary per project: nothing more.
    expect(paths.filter((path) => path === '/api/v1/projects')).toHaveLength(1);
    for (const project of [1001, 1002, 1003, 2001]) {
      expect(paths.filter((path) => path === `/api/v1/projects/${project}`)).toHaveLength(1);
    }
    // Its bundle documents the bodies of every endpoint it asked.
    const listed = endpointsOf(
      expandElement('virtual:aivis/response-shapes?element=aivis-portfolio'),
    );
    expect(listed).toEqual(['projects', 'summary']);
    const links = [...shadow(element).querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toContain(`${PROXY}/embed/aivis-dashboard?project=2001`);
  });

  it('filters by account, and links rows where row-href says', async () => {
    agencyProxy();
    const element = mount('aivis-portfolio', {
      account: 'globex',
      'row-href': 'https://reports.example.com/p/{project}',
    });
    const rows = await rowsOf(element, 1);
    expect(rows[0]![1]).toBe('globex');
    expect(shadow(element).querySelector('a')?.getAttribute('href')).toBe(
      'https://reports.example.com/p/2001',
    );
  });

  it('names an account whose token was revoked, and shows the other', async () => {
    agencyProxy('aivis_test_revoked');
    const element = mount('aivis-portfolio', {});
    await rowsOf(element, 3);
    expect(text(parts(element, 'notice')[0])).toContain('globex');
  });

  it('sorts by any column, descending with a leading -, empty figures last', () => {
    const row = (project: number, score: number | null) => ({
      ...portfolioRow({ id: project, brand_name: `B${project}` }, {}),
      score,
    });
    const rows = [row(1, 40), row(2, null), row(3, 70)];
    expect(sortRows(rows, 'score').map((r) => r.project)).toEqual([1, 3, 2]);
    expect(sortRows(rows, '-score').map((r) => r.project)).toEqual([3, 1, 2]);
    expect(sortRows(rows, 'nonsense').map((r) => r.project)).toEqual([1, 2, 3]);
  });
});
