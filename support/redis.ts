/**
 * A private redis-server for tests and benchmarks: Debian's binary (`.ci/run`
 * installs it) on a free loopback port, nothing saved to disk. Never the
 * system service. It can be killed and started again on the same port, the
 * way an operator's Redis goes away and comes back.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { pollUntil } from './poll.js';

export interface RunningRedis {
  port: number;
  url: string;
  /** Stops it (SIGKILL: an outage, not a shutdown). */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  restart(): Promise<void>;
  /** Freezes it (SIGSTOP: connections stay open, nothing answers) or thaws it (SIGCONT). */
  freeze(frozen: boolean): void;
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no free port');
  return address.port;
}

/** @param password when given, clients must AUTH with it (`--requirepass`). */
export async function startRedis(password?: string): Promise<RunningRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  let output = '';
  const start = async () => {
    output = '';
    const started = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        ...(password ? ['--requirepass', password] : []),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4_000);
    });
    started.stderr?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4_000);
    });
    await pollUntil(
      () => output.includes('Ready to accept connections') || started.exitCode !== null,
      {
        what: `redis-server on port ${port}`,
        timeoutMs: 10_000,
      },
    );
    if (started.exitCode !== null) throw new Error(`redis-server did not start: ${output}`);
  };
  const stop = async (signal: NodeJS.Signals) => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill(signal);
    await exited;
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    kill: () => stop('SIGKILL'),
    restart: start,
    freeze: (frozen) => {
      child?.kill(frozen ? 'SIGSTOP' : 'SIGCONT');
    },
    close: async () => {
      child?.kill('SIGCONT');
      await stop('SIGTERM');
    },
  };
}
