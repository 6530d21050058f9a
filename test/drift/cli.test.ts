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
    expect(plain.out).toContain('Nothing differs');
    const drift = await run(['check', '--base-url', reshaped.baseUrl, '--json'], {
      AIVIS_TOKEN: token,
    });
    expect(drift.code).toBe(1);
    const report = JSON.parse(drift.out) as { endpoints: Array<{ differences: unknown[] }> };
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
});
