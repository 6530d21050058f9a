/**
 * The Node entry as an operator runs it (`npm run proxy` is `tsx proxy/main.ts`):
 * configuration errors name the variable, the start line and the request
 * lines say what happened, and none of them holds the token.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { pollUntil } from '../../support/poll.js';
import { ENTRY_TOKEN, INTRANET } from './helpers.js';

let sandbox: RunningSandbox;
const children: ChildProcess[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await sandbox?.close();
});

function runProxy(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'proxy/main.ts'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => {
    output.stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output.stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output, exited };
}

const until = (condition: () => boolean, what: string) =>
  pollUntil(condition, { what, timeoutMs: 10_000, intervalMs: 25 });

describe('npm run proxy', () => {
  it('refuses to start without a token and says which variable to set', async () => {
    const run = runProxy({ AIVIS_BASE_URL: sandbox.baseUrl });
    expect(await run.exited).toBe(1);
    expect(run.output.stderr).toContain('AIVIS_TOKEN is required');
  });

  it('logs a start line and one line per request, never the token', async () => {
    const run = runProxy({
      AIVIS_BASE_URL: sandbox.baseUrl,
      AIVIS_TOKEN: ENTRY_TOKEN,
      PORT: '0',
      ALLOWED_ORIGINS: INTRANET,
    });
    await until(() => /aivis proxy on (http:\/\/\S+) /.test(run.output.stdout), 'the start line');
    const url = /aivis proxy on (http:\/\/\S+) /.exec(run.output.stdout)?.[1];
    expect(run.output.stdout).toContain(`upstream ${sandbox.baseUrl}`);
    expect(run.output.stdout).toContain(`allowed origins: ${INTRANET}`);

    const first = await fetch(`${url}/api/v1/projects`, {
      headers: { Authorization: 'Bearer aivis_test_pro' },
    });
    expect(first.status).toBe(200);
    await first.text();
    const second = await fetch(`${url}/api/v1/projects?period=x`);
    expect(second.status).toBe(422);
    await second.text();
    const third = await fetch(`${url}/api/v1/projects`);
    await third.text();

    await until(() => run.output.stdout.trim().split('\n').length >= 4, 'three request lines');
    const lines = run.output.stdout.trim().split('\n');
    expect(lines[1]).toMatch(/ GET \/api\/v1\/projects 200 MISS \d+ms$/);
    expect(lines[2]).toMatch(/ GET \/api\/v1\/projects 422 - \d+ms$/);
    expect(lines[3]).toMatch(/ GET \/api\/v1\/projects 200 HIT \d+ms$/);
    expect(`${run.output.stdout}${run.output.stderr}`).not.toContain(ENTRY_TOKEN);
    expect(`${run.output.stdout}${run.output.stderr}`).not.toContain('aivis_test_pro');

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });
});
