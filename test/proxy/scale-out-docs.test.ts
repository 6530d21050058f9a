/**
 * The Node command of docs/proxy-scale-out.md, read from the page and run as
 * written (the built entry), with only the addresses swapped for local ones:
 * the sandbox for the service, a private redis-server that requires the
 * page's password for Redis, loopback for the host. It shares through Redis,
 * answers under the page's host name, and never prints the password.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROXY_SETTINGS } from '../../proxy/config.js';
import { type RunningSandbox, startSandbox } from '../../sandbox/server.js';
import { pollUntil } from '../../support/poll.js';
import { type RunningRedis, startRedis } from '../../support/redis.js';
import { ENTRY_TOKEN, rawRequest } from './helpers.js';

const PAGE = readFileSync(new URL('../../docs/proxy-scale-out.md', import.meta.url), 'utf8');
const command = [...PAGE.matchAll(/^```sh\n([\s\S]*?)^```$/gm)]
  .map((match) => match[1]!)
  .find((code) => code.includes('REDIS_URL='));

/** VAR=value words before the command, continuation lines joined. */
function commandParts(code: string): { env: Record<string, string>; args: string[] } {
  const words = code
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join(' ')
    .replace(/\\ /g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const env: Record<string, string> = {};
  let index = 0;
  for (; index < words.length && /^[A-Z_]+=/.test(words[index]!); index += 1) {
    const [name, ...value] = words[index]!.split('=');
    env[name!] = value.join('=');
  }
  return { env, args: words.slice(index) };
}

let sandbox: RunningSandbox;
let redis: RunningRedis;
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child?.exitCode === null) child.kill('SIGTERM');
  await sandbox?.close();
  await redis?.close();
});

describe('docs/proxy-scale-out.md: Node with Redis', () => {
  it('states the settings as the settings table has them', () => {
    const rows = [...PAGE.matchAll(/^\| `([A-Z_]+)` \| ([^|]+) \|/gm)];
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const [, variable, stated] of rows) {
      const item = PROXY_SETTINGS.find((setting) => setting.variable === variable);
      expect(item, `${variable} is a proxy setting`).toBeDefined();
      const expected = item!.defaultText ?? `\`${String(item!.default)}\``;
      expect(stated!.trim(), variable).toBe(expected);
    }
  });

  const parts = commandParts(command ?? '');

  it('builds before it runs the built entry, and its curl on the host is under a listed name', () => {
    expect(PAGE.indexOf('npm run build:proxy')).toBeGreaterThan(-1);
    expect(PAGE.indexOf('npm run build:proxy')).toBeLessThan(
      PAGE.indexOf('node dist/proxy/main.js'),
    );
    const listed = parts.env.ALLOWED_HOSTS!.split(',');
    const curls = [...PAGE.matchAll(/`curl (http:\/\/[^`\s]+)` answers/g)].map(
      (m) => new URL(m[1]!),
    );
    expect(curls.length).toBeGreaterThan(0);
    for (const url of curls) {
      expect(url.port).toBe(parts.env.PORT);
      expect(listed).toContain(url.host);
    }
  });
  const redisUrl = new URL(parts.env.REDIS_URL ?? 'redis://missing');

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, rateLimit: false });
    redis = await startRedis(decodeURIComponent(redisUrl.password));
  });

  it('runs as written and shares through the password-protected Redis it names', async () => {
    expect(parts.args).toEqual(['node', 'dist/proxy/main.js']);
    expect(redisUrl.password).not.toBe('');
    const local = new URL(redisUrl);
    local.hostname = '127.0.0.1';
    local.port = String(redis.port);
    const hostName = parts.env.ALLOWED_HOSTS!.split(',')[0]!;
    const output = { text: '' };
    child = spawn(process.execPath, [parts.args[1]!], {
      env: {
        PATH: process.env.PATH ?? '',
        ...parts.env,
        AIVIS_BASE_URL: sandbox.baseUrl,
        AIVIS_TOKEN: ENTRY_TOKEN,
        HOST: '127.0.0.1',
        PORT: '0',
        REDIS_URL: local.href,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output.text += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output.text += chunk.toString();
    });
    const port = await pollUntil(
      () => /aivis proxy on http:\/\/127\.0\.0\.1:(\d+)/.exec(output.text)?.[1],
      {
        what: 'the proxy listening',
        timeoutMs: 20_000,
        intervalMs: 25,
      },
    );
    expect(output.text).toContain(
      `sharing cache, coalescing and budget through redis://127.0.0.1:${redis.port}${redisUrl.pathname}`,
    );
    const answer = await rawRequest(
      Number(port),
      `GET /api/v1/projects HTTP/1.1\r\nHost: ${hostName}`,
    );
    expect(answer.status).toBe(200);
    const admin = new Redis(local.href);
    try {
      await pollUntil(async () => (await admin.keys('aivis:*:answer:*')).length === 1, {
        what: 'the answer stored in Redis',
      });
    } finally {
      admin.disconnect();
    }
    expect(output.text).not.toContain(decodeURIComponent(redisUrl.password));
    expect(output.text).not.toContain(ENTRY_TOKEN);
  });
});
