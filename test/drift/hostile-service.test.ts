/**
 * `aivis check` against a hostile service (docs/service-drift.md, "Checking
 * a service"; docs/security.md, "Token echoes"): the report, text and JSON,
 * carries no echo of the token and no control character the service sent;
 * an endless answer is read up to the cap and said so; a competitor name
 * that a 40-unit cut would split is sent whole; a 429 is called rate
 * limiting with its wait. The explorer and the Sheets button run the same
 * shared check (shared/drift.ts, shared/drift-report.ts), so this covers them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../scripts/aivis.js';
import { boundedExchange } from '../../shared/client/bounded-exchange.js';
import { MAX_CHECK_ANSWER_BYTES, runDriftCheck } from '../../shared/drift.js';
import { echoForms } from '../shared/token-echoes.js';

const TOKEN = 'aivis_live_Se3cretToken42';
const FORMS = echoForms(TOKEN).map(([, form]) => form);
/** Clear screen, set the title, OSC 52 clipboard write, 8-bit CSI, a bidi override. */
const CONTROLS = '\u001b[2J\u001b]0;pwned\u0007\u001b]52;c;ZWNobyBoaQ==\u0007\u009b31m\u202e';

let server: Server;
let baseUrl: string;
/** The competitor fragments the detail probe sent, as the service received them. */
const fragments: string[] = [];
let projectsStatus = 200;

const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname.replace('/api/v1', '');
    if (path === '/projects') {
      if (projectsStatus === 429) {
        res.writeHead(429, { 'retry-after': '23', 'content-type': 'application/json' });
        return res.end('{"error":{"code":"rate_limited","message":"slow down"}}');
      }
      return json(res, 200, { projects: [{ id: 7, name: 'P' }] });
    }
    if (path === '/projects/7/answers') {
      // The token echoed in every form, in the error's code and message; control sequences.
      return json(res, 500, {
        error: { code: `${FORMS[0]}${CONTROLS}`, message: `${FORMS.join(' | ')} ${CONTROLS}` },
      });
    }
    if (path === '/projects/7') {
      // Keys naming the token in every form, and a key with control sequences.
      const body: Record<string, unknown> = { id: 7 };
      for (const form of FORMS) body[form] = 1;
      body[`evil${CONTROLS}`] = 1;
      return json(res, 200, body);
    }
    if (path === '/projects/7/competitors' && url.searchParams.get('dataset') === 'ranking') {
      return json(res, 200, { competitors: [{ rank: 1, name: `a${'😀'.repeat(50)}` }] });
    }
    if (path === '/projects/7/competitors' && url.searchParams.get('dataset') === 'detail') {
      fragments.push(url.searchParams.get('competitor') ?? '');
      return json(res, 200, { found: true });
    }
    if (path === '/projects/7/citations' && url.searchParams.get('group_by') === 'url') {
      // Endless: chunks until the reader goes away.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"citations":["');
      const chunk = 'x'.repeat(64 * 1024);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      res.on('close', () => res.removeAllListeners('drain'));
      return pump();
    }
    if (path === '/projects/7/action-plan') {
      res.writeHead(429, { 'retry-after': '17', 'content-type': 'application/json' });
      return res.end('{"error":{"code":"rate_limited","message":"Too many requests"}}');
    }
    return json(res, 200, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function run(args: string[]) {
  let out = '';
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  try {
    return { code: await main(args, { AIVIS_TOKEN: TOKEN }), out };
  } finally {
    write.mockRestore();
  }
}

describe('aivis check against a hostile service', () => {
  it('prints no echo of the token and no control character, in text or JSON', async () => {
    for (const args of [['check'], ['check', '--json']]) {
      const { code, out } = await run([...args, '--base-url', baseUrl]);
      expect(code).toBe(1);
      for (const form of FORMS) expect(out, form).not.toContain(form);
      // ESC, BEL, C1 controls and bidi overrides never reach the terminal: they are spelled out.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters looked for.
      expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
      expect(out).toContain('\\x1b]52;c;');
      expect(out).toContain('\\u{202e}');
    }
  });

  it('reads an endless answer up to the cap, says so, and goes on with the next request', async () => {
    const { out } = await run(['check', '--base-url', baseUrl]);
    const lines = out.split('\n');
    const at = lines.findIndex((line) => line.includes('/citations?group_by=url'));
    expect(lines[at + 1]).toContain(`larger than ${MAX_CHECK_ANSWER_BYTES / 1024 / 1024} MiB`);
    expect(lines.some((line) => line.includes('/citations?group_by=domain'))).toBe(true);
  }, 30_000);

  it('cuts the competitor name on characters: the detail is asked with whole ones', async () => {
    fragments.length = 0;
    const report = await runDriftCheck({ baseUrl, token: TOKEN }, (request) =>
      boundedExchange(request, { maxBodyBytes: MAX_CHECK_ANSWER_BYTES }),
    );
    expect(report.exitCode).toBe(1);
    expect(fragments).toEqual([`a${'😀'.repeat(39)}`]);
    expect(Array.from(fragments[0]!)).toHaveLength(40);
  });

  it('a 429 is rate limiting with its wait, first on the list and on a later request', async () => {
    const { out } = await run(['check', '--base-url', baseUrl]);
    expect(out).toMatch(/rate limiting \(HTTP 429\): wait 17 s/);
    expect(out).toMatch(/^RATE LIMITED {2}GET \/projects\/7\/action-plan/m);
    projectsStatus = 429;
    try {
      const limited = await run(['check', '--base-url', baseUrl]);
      expect(limited.code).toBe(2);
      expect(limited.out).toMatch(/^The check could not run: The service is rate limiting/);
      expect(limited.out).toContain('wait 23 s');
      expect(limited.out).not.toContain('does not look like the Data API');
    } finally {
      projectsStatus = 200;
    }
  });
});
