/**
 * The proxy on Bun (npm `bun`, its binary shipped in the package): the
 * README's Bun entry runs the TypeScript sources as they are, one Bun.serve
 * per configuration, and answers the shared cases over HTTP.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { proxyCases } from './cases.js';

const ROOT = resolve(import.meta.dirname, '../..');
const BUN = resolve(ROOT, 'node_modules/.bin/bun');

function startBun(
  configs: object,
): Promise<{ child: ChildProcess; ports: Record<string, number> }> {
  const child = spawn(BUN, ['test/edge/bun-entry.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', EDGE_CONFIGS: JSON.stringify(configs) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolvePorts, reject) => {
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`bun did not start within 20 s: ${stderr}`));
    }, 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n').find((each) => each.startsWith('{"ports"'));
      if (line) {
        clearTimeout(timer);
        resolvePorts({
          child,
          ports: (JSON.parse(line) as { ports: Record<string, number> }).ports,
        });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bun exited with ${code}: ${stderr}`));
    });
  });
}

proxyCases('Bun', async (upstream) => {
  const { child, ports } = await startBun(upstream.configs);
  return {
    fetch: (name, path, init) => fetch(`http://127.0.0.1:${ports[name]}${path}`, init),
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
});
