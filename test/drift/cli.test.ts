/** The `aivis check` command's shell: exit codes, --json, and the token never printed. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { main } from '../../scripts/aivis.js';
import { DRIFT_REQUESTS } from '../../shared/drift.js';
import { type RunningReshaper, startReshaper } from '../../support/reshape/reshape.js';

let sandbox: RunningSandbox;
let reshaped: RunningReshaper;
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false });
  reshaped = await startReshaper(sandbox.baseUrl, 'period-shape');
});
afterAll(async () => {
  await reshaped.close();
  await sandbox.close();
});

async function run(args: string[], env: Record<string, string | undefined>) {
  let out = '';
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    return { code: await main(args, env), out };
  } finally {
    write.mockRestore();
    err.mockRestore();
  }
}

describe('npm run aivis -- check', () => {
  it('stays within the entry plan: one run makes at most 60 requests', () => {
    expect(DRIFT_REQUESTS).toBeLessThanOrEqual(60);
  });

  it('exit 0 against the sandbox, 1 against a reshaped service, with the report as text or JSON', async () => {
    const token = 'aivis_test_entry';
    const plain = await run(['check', '--base-url', sandbox.baseUrl], { AIVIS_TOKEN: token });
    expect(plain.code).toBe(0);
    expect(plain.out.split('\n')[0]).toBe('Nothing differs from what this client expects.');
    const drift = await run(['check', '--base-url', reshaped.baseUrl, '--json'], {
      AIVIS_TOKEN: token,
    });
    expect(drift.code).toBe(1);
    const report = JSON.parse(drift.out) as {
      verdict: string;
      endpoints: Array<{ differences: unknown[] }>;
    };
    expect(Object.keys(report)[0]).toBe('verdict');
    expect(report.verdict).toMatch(
      /answers differ from what this client expects: send this report/,
    );
    expect(report.endpoints.some((item) => item.differences.length > 0)).toBe(true);
    expect(plain.out + drift.out).not.toContain(token);
  });

  it('exit 2 with the reason: no token, a refused token, an unreachable service', async () => {
    expect((await run(['check', '--base-url', sandbox.baseUrl], {})).code).toBe(2);
    const refused = await run(['check', '--base-url', sandbox.baseUrl], {
      AIVIS_TOKEN: 'aivis_test_expired',
    });
    expect(refused).toMatchObject({ code: 2 });
    expect(refused.out).toContain('refused');
    expect(refused.out).not.toContain('aivis_test_expired');
    const gone = await run(['check', '--base-url', 'http://127.0.0.1:9'], {
      AIVIS_TOKEN: 'aivis_test_entry',
    });
    expect(gone.code).toBe(2);
    expect((await run(['check'], { AIVIS_TOKEN: 'x' })).code).toBe(2);
  });

  it('--help prints the help on stdout and exits 0, with no parse error first', async () => {
    let err = '';
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      err += String(chunk);
      return true;
    });
    try {
      for (const args of [['--help'], ['check', '--help'], ['-h']]) {
        const help = await run(args, {});
        expect(help.code).toBe(0);
        expect(help.out).toMatch(/^Usage: npm run aivis -- check --base-url URL/);
        expect(help.out).toContain('AIVIS_TOKEN');
      }
    } finally {
      spy.mockRestore();
    }
    expect(err).toBe('');
  });

  it('answers read under a known other name: exit 0, nothing to send, verdict first', async () => {
    const old = await run(['check', '--base-url', sandbox.baseUrl], {
      AIVIS_TOKEN: 'aivis_test_old_names',
    });
    expect(old.code).toBe(0);
    const [verdict, summary] = old.out.split('\n');
    expect(verdict).toMatch(/^Nothing to send: .*read under a known other name/);
    expect(summary).toMatch(/^Sent \d+ requests for project 1001: \d+ answers as expected\.$/);
    expect(old.out).toMatch(/found under another name, change \(a known one/);
    expect(old.out).not.toContain('send this report');
  });
});
