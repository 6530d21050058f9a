/**
 * A private Postgres for the ledger's tests: Debian's postgresql 15
 * (`.ci/run` installs it) initialized into a temporary folder, on a free
 * loopback port, with a password, started once per test file and stopped
 * when the process exits. Never the system service. As root (initdb refuses
 * root), it runs as Debian's `postgres` user.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { pollUntil } from '../../support/poll.js';
import { freePort } from '../../support/redis.js';

const BIN = '/usr/lib/postgresql/15/bin';
export const POSTGRES_PASSWORD = 'ledger-secret-Pa55';

export interface RunningPostgres {
  /** A new empty database's URL, password included. */
  database(): Promise<string>;
}

let running: Promise<RunningPostgres> | undefined;

export function startPostgres(): Promise<RunningPostgres> {
  running ??= start();
  return running;
}

async function start(): Promise<RunningPostgres> {
  const folder = mkdtempSync(join(tmpdir(), 'aivis-postgres-'));
  const asRoot = process.getuid?.() === 0;
  const prefix = asRoot ? ['runuser', '-u', 'postgres', '--'] : [];
  if (asRoot) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
    chownSync(folder, id('-u'), id('-g'));
  }
  chmodSync(folder, 0o700);
  const pwfile = join(folder, 'pw');
  writeFileSync(pwfile, POSTGRES_PASSWORD);
  if (asRoot) chownSync(pwfile, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0);
  const data = join(folder, 'data');
  const run = (command: string, args: string[]) => {
    const [file, ...rest] = [...prefix, command, ...args];
    execFileSync(file!, rest, { stdio: 'pipe' });
  };
  run(`${BIN}/initdb`, ['-D', data, '-U', 'aivis', '-A', 'scram-sha-256', `--pwfile=${pwfile}`]);
  const port = await freePort();
  const [file, ...rest] = [
    ...prefix,
    `${BIN}/postgres`,
    '-D',
    data,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-k',
    folder,
    '-c',
    'fsync=off',
  ];
  const child: ChildProcess = spawn(file!, rest, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  process.once('exit', () => {
    child.kill('SIGQUIT');
    rmSync(folder, { recursive: true, force: true });
  });
  await pollUntil(() => output.includes('ready to accept connections') || child.exitCode !== null, {
    what: `postgres on port ${port}`,
    timeoutMs: 30_000,
  });
  if (child.exitCode !== null) throw new Error(`postgres did not start: ${output}`);
  const admin = `postgres://aivis:${POSTGRES_PASSWORD}@127.0.0.1:${port}`;
  let next = 0;
  return {
    async database() {
      const name = `ledger_${process.pid}_${++next}`;
      const client = new pg.Client({ connectionString: `${admin}/postgres` });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `${admin}/${name}`;
    },
  };
}
