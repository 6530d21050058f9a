/**
 * Client links (docs/agencies.md#client-links) end to end with the file
 * store: made by the `share` command from the proxy's settings, shown by the
 * proxy in front of the sandbox with no script and no token, and refused for
 * every tampered field (404), past their expiry or revoked (410), and past
 * their own views per minute (429 for that link only).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readExpiry } from '../../../proxy/share/expiry.js';
import { FileLinkStore } from '../../../proxy/share/file-links.js';
import type { LinkStatus } from '../../../proxy/share/link-store.js';
import { type RunningSandbox, startSandbox } from '../../../sandbox/server.js';
import { shareCommand } from '../../../scripts/share.js';
import {
  ENTRY_TOKEN,
  fakeClock,
  LeakWatch,
  PRO_TOKEN,
  type TestProxy,
  testProxy,
} from '../helpers.js';

const SECRET = 's3cret-0123456789abcdef0123456789abcdef';
const PUBLIC_URL = 'http://localhost';
let sandbox: RunningSandbox;
let folder: string;
let env: Record<string, string>;
const watch = new LeakWatch();
const clock = fakeClock();

async function share(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await shareCommand(argv, env, {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    now: clock.now,
  });
  return { code, out: out.join(''), err: err.join('') };
}

async function createLink(...argv: string[]): Promise<string> {
  const made = await share('create', '--project', '1001', '--expires', '30d', ...argv);
  expect(made.code, made.err).toBe(0);
  return made.out.trim().slice(PUBLIC_URL.length);
}

let lastStore: FileLinkStore;

function proxyWith(options: Record<string, unknown> = {}): TestProxy {
  lastStore = new FileLinkStore(env.SHARE_FILE!);
  return testProxy(
    {
      baseUrl: sandbox.baseUrl,
      shareSecret: SECRET,
      agencyName: 'Northwind Agency',
      agencyColor: '#7a1f5c',
      ...options,
    },
    { now: clock.now, links: lastStore },
    watch,
  );
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
  folder = await mkdtemp(join(tmpdir(), 'aivis-links-'));
  env = {
    AIVIS_BASE_URL: sandbox.baseUrl,
    AIVIS_TOKEN: ENTRY_TOKEN,
    SHARE_SECRET: SECRET,
    PUBLIC_URL,
    SHARE_FILE: join(folder, 'links.jsonl'),
  };
});
afterAll(async () => {
  await sandbox.close();
  await rm(folder, { recursive: true, force: true });
  expect(watch.leaks([ENTRY_TOKEN, PRO_TOKEN, SECRET])).toEqual([]);
});

describe('a link made by the share command', () => {
  it('prints PUBLIC_URL/s/<id>.<signature> and shows the view with no script and no token', async () => {
    const path = await createLink('--label', 'Acme board');
    expect(path).toMatch(/^\/s\/[a-z2-7]{10}\.[\w-]{43}$/);
    const seen = await proxyWith().get(path);
    expect(seen.status).toBe(200);
    expect(seen.body).toContain('Northwind Agency');
    expect(seen.body).toMatch(/Data as of .* UTC/);
    expect(seen.body).toMatch(/This link works until/);
    // No script at all, and the CSP below would refuse any inline handler a hostile text smuggled in.
    expect(seen.body).not.toMatch(/<script/i);
    expect(seen.body).not.toMatch(/(?:href|src)=["']?\s*javascript:/i);
    // The view is the proxy's own server-rendered dashboard, inside the agency's frame.
    expect(seen.body).toContain('<aivis-dashboard');
    // Nothing fetched from another server (links to the service's report are only links).
    expect(seen.body).not.toMatch(/\ssrc=["']?(?:https?:)?\/\//i);
    expect(seen.body).not.toMatch(/<link[^>]+href=["']?(?:https?:)?\/\//i);
    expect(seen.body).not.toMatch(/url\(\s*["']?(?:https?:)?\/\//i);
    expect(seen.headers['referrer-policy']).toBe('no-referrer');
    expect(seen.headers['x-robots-tag']).toContain('noindex');
    expect(seen.headers['content-security-policy']).not.toContain('script-src');
    expect(seen.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('answers 404 for every part of the address tampered with, never another project', async () => {
    const proxy = proxyWith();
    const path = await createLink();
    const other = await createLink('--project', '1002', '--label', 'Another client');
    expect((await proxy.get(path)).status).toBe(200);
    const [id, signature] = path.slice(3).split('.') as [string, string];
    const [otherId, otherSignature] = other.slice(3).split('.') as [string, string];
    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === 'a' ? 'b' : 'a') + text.slice(at + 1);
    // The last letter of 43 carries two spare bits: only the spelling linkPath writes is the link.
    const spareBits = (text: string) => {
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      return text.slice(0, -1) + alphabet[alphabet.indexOf(text.at(-1)!) | 1];
    };
    const tampered = [
      `/s/${flip(id, 0)}.${signature}`,
      `/s/${flip(id, 9)}.${signature}`,
      `/s/${id}.${flip(signature, 0)}`,
      `/s/${id}.${flip(signature, 20)}`,
      `/s/${id}.${spareBits(signature)}`,
      `/s/${id}.${signature.slice(0, -1)}`,
      `/s/${id}.${signature}x`,
      `/s/${id}.${signature}.x`,
      `/s/${id}.${signature}/`,
      `/s/${id.toUpperCase()}.${signature}`,
      `/s/${id}`,
      `/s/${signature}`,
      // One link's id with another's signature, both ways.
      `/s/${id}.${otherSignature}`,
      `/s/${otherId}.${signature}`,
    ];
    for (const target of tampered) {
      const seen = await proxy.get(target);
      expect(seen.status, target).toBe(404);
      expect(seen.body).not.toContain('visibility score');
    }
    // The query string is no part of a link (messaging apps add their own): it changes nothing.
    const plain = await proxy.get(path);
    for (const query of [
      '?project=1002',
      '?view=aivis-citations&period=last_90_days',
      '?fbclid=x',
    ]) {
      const seen = await proxy.get(`${path}${query}`);
      expect(seen.status, query).toBe(200);
      expect(seen.body, query).toBe(plain.body);
    }
  });

  it('answers 404 for a record the store holds that SHARE_SECRET did not sign', async () => {
    const path = await createLink('--label', 'Forged later');
    const id = path.slice(3, 13);
    const file = env.SHARE_FILE!;
    const text = await readFile(file, 'utf8');
    const line = text.split('\n').find((entry) => entry.includes(`"id":"${id}"`))!;
    const forgeries = [
      line.replace('"project":1001', '"project":2001'),
      line.replace('"view":"aivis-dashboard"', '"view":"aivis-citations"'),
      line.replace('"period":"last_30_days"', '"period":"last_90_days"'),
      line.replace(/"expires":(\d+)/, (_, n) => `"expires":${Number(n) + 86_400}`),
      line.replace('"label":"Forged later"', '"label":"Forged"'),
    ];
    try {
      for (const forged of forgeries) {
        expect(forged).not.toBe(line);
        await writeFile(file, text.replace(line, forged));
        // A fresh proxy: one that had shown the link keeps the record it checked.
        expect((await proxyWith().get(path)).status, forged).toBe(404);
      }
      // A record a writer without the secret adds under a new id is no link either.
      const made = JSON.parse(line.slice(line.indexOf('{'))) as Record<string, unknown>;
      await writeFile(
        file,
        `${text}${JSON.stringify({ ...made, id: 'zzzzzzzzzz', project: 2001 })}\n`,
      );
      expect((await proxyWith().get(`/s/zzzzzzzzzz.${path.slice(14)}`)).status).toBe(404);
    } finally {
      await writeFile(file, text);
    }
    expect((await proxyWith().get(path)).status).toBe(200);
  });

  it('answers 410 once expired, and 410 at once once revoked', async () => {
    const proxy = proxyWith();
    const short = await createLink('--expires', '90s');
    const long = await createLink('--label', 'Revoke me');
    expect((await proxy.get(short)).status).toBe(200);
    clock.advance(91_000);
    const expired = await proxy.get(short);
    expect(expired.status).toBe(410);
    expect(expired.body).toContain('expired');
    expect(expired.body).not.toContain('visibility score');
    expect((await proxy.get(long)).status).toBe(200);
    const id = long.slice(3, 13);
    expect((await share('revoke', id)).code).toBe(0);
    const revoked = await proxy.get(long);
    expect(revoked.status).toBe(410);
    expect(revoked.body).toContain('withdrawn');
  });

  it("limits each link to its own views per minute: one link's burst leaves the others", async () => {
    const proxy = proxyWith({ shareLinkPerMinute: 3 });
    const busy = await createLink('--label', 'Posted publicly');
    const quiet = await createLink('--label', 'Board');
    for (let view = 0; view < 3; view += 1) expect((await proxy.get(busy)).status).toBe(200);
    const refused = await proxy.get(busy);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await proxy.get(quiet)).status).toBe(200);
    expect((await proxy.get('/api/v1/projects/1001')).status).toBe(200);
    clock.advance(60_000);
    expect((await proxy.get(busy)).status).toBe(200);
  });

  it('lists every link with its label, project, view, expiry and views', async () => {
    const proxy = proxyWith();
    const path = await createLink('--label', 'Counted\u0007 board');
    await proxy.get(path);
    await proxy.get(path);
    // The proxy writes its gathered views every few seconds and before it stops.
    await lastStore.close();
    const listed = await share('list', '--json');
    const links = JSON.parse(listed.out) as LinkStatus[];
    const link = links.find((item) => item.id === path.slice(3, 13));
    expect(link).toMatchObject({ label: 'Counted  board', project: 1001, views: 2 });
    expect(link?.lastView).toBe(clock.now());
    // The address again, for a link sent and not kept.
    expect((link as LinkStatus & { url?: string })?.url).toBe(`${PUBLIC_URL}${path}`);
    const table = (await share('list')).out;
    expect(table.split('\n')[0]).toMatch(
      /^id\s+label\s+project\s+view\s+period\s+expires \(UTC\)\s+state\s+views\s+last view$/,
    );
    expect(table).toContain('revoked');
  });

  it('refuses bad options with what to write instead', async () => {
    expect((await share('create', '--project', '1001', '--expires', '30x')).err).toMatch(/30d/);
    expect((await share('create', '--project', 'abc', '--expires', '1d')).err).toMatch(
      /project id/,
    );
    expect((await share('create', '--project', '1', '--expires', '1d', '--view', 'x')).err).toMatch(
      /aivis-dashboard/,
    );
    expect((await share('revoke', '../etc')).code).toBe(1);
    const noSecret = await shareCommand(
      ['list'],
      { ...env, SHARE_SECRET: '' },
      {
        out: () => undefined,
        err: () => undefined,
        now: clock.now,
      },
    );
    expect(noSecret).toBe(2);
  });
});

describe('--expires', () => {
  const now = Date.UTC(2026, 10, 28, 12);
  it.each([
    ['90s', 90],
    ['12h', 12 * 3600],
    ['30d', 30 * 86_400],
  ])('reads %s as a duration', (text, seconds) => {
    expect(readExpiry(text, now)).toEqual({ expires: now / 1000 + seconds });
  });
  it('reads an ISO date, and refuses the past, more than a year and anything else', () => {
    expect(readExpiry('2026-12-31', now)).toEqual({ expires: Date.UTC(2026, 11, 31) / 1000 });
    expect(readExpiry('2026-01-01', now)).toHaveProperty('error');
    expect(readExpiry('400d', now)).toHaveProperty('error');
    expect(readExpiry('soon', now)).toHaveProperty('error');
  });
});
