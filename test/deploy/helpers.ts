/**
 * Shared pieces of the deployment suites: the BUILT proxy (dist/proxy) run
 * as production runs it, with plain `node` and no tsx, and waits that follow
 * its output instead of the clock.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp } from 'node:fs/promises';
import { type AddressInfo, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pollUntil } from '../../support/poll.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BUILT_PROXY_DIR = `${ROOT}dist/proxy`;

export function requireBuiltProxy(): void {
  if (!existsSync(`${BUILT_PROXY_DIR}/main.js`)) {
    throw new Error(
      `${BUILT_PROXY_DIR}/main.js is missing: run \`npm run build\` first (npm test builds before vitest runs).`,
    );
  }
}

/**
 * A copy of dist/proxy in a fresh temporary folder, as an operator installs it
 * (e.g. to /opt/aivis-proxy): no node_modules above it, so it runs only if the
 * build bundled everything it needs.
 */
export async function installBuiltProxy(): Promise<string> {
  requireBuiltProxy();
  const dir = await mkdtemp(join(tmpdir(), 'aivis-proxy-install-'));
  await cp(BUILT_PROXY_DIR, dir, { recursive: true });
  return dir;
}

export interface RunningProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
  /** Resolves with the first match of `pattern` in stdout, as soon as it is printed. */
  printed(pattern: RegExp): Promise<RegExpExecArray>;
}

/** Starts `node <installDir>/main.js` with only the given environment (and PATH). */
export function runBuiltProxy(installDir: string, env: Record<string, string>): RunningProcess {
  const child = spawn(process.execPath, [`${installDir}/main.js`], {
    cwd: installDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return watchProcess(child);
}

export function watchProcess(child: ChildProcess): RunningProcess {
  let stdout = '';
  let stderr = '';
  const waiters: Array<() => void> = [];
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    for (const check of waiters.splice(0)) check();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      resolve(code);
      for (const check of waiters.splice(0)) check();
    }),
  );
  const printed = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(stdout);
        if (match) resolve(match);
        else if (child.exitCode !== null || child.signalCode !== null)
          reject(
            new Error(`exited (${child.exitCode}) before printing ${pattern}:\n${stdout}${stderr}`),
          );
        else waiters.push(check);
      };
      check();
    });
  return { child, stdout: () => stdout, stderr: () => stderr, exited, printed };
}

/** The start line of the proxy names where it listens. */
export const PROXY_START_LINE = /aivis proxy on (http:\/\/[^\s/]+)(\S*) /;

export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** A port nothing listens on right now, for programs that cannot be told to pick one (nginx). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts TCP connections on the port; bounded by `attempts`. */
export async function untilListening(
  port: number,
  isAlive: () => boolean,
  attempts = 400,
): Promise<void> {
  await pollUntil(
    () => {
      if (!isAlive()) throw new Error(`the server for port ${port} exited before it listened`);
      return new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
    },
    { what: `something to listen on port ${port}`, timeoutMs: attempts * 25, intervalMs: 25 },
  );
}
