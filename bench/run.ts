/**
 * `npm run bench [-- names...] [-- --json [file]]`: runs every bench/*.bench.ts in
 * its own process, one after the other (they measure throughput and latency;
 * running them side by side on two cores would measure each other). Every
 * figure is a project measurement beside its floor from the same run, with
 * the ratio (stats.ts). Figures are printed, never asserted.
 * `--json` also writes them all to one file (default bench-results/<commit>.json)
 * for comparison between commits.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const wantsJson = jsonAt >= 0;
const jsonTarget =
  wantsJson && args[jsonAt + 1] && !args[jsonAt + 1]!.startsWith('-')
    ? args[jsonAt + 1]
    : undefined;
const only = args.filter(
  (arg, index) =>
    !arg.startsWith('-') && !(wantsJson && index === jsonAt + 1 && arg === jsonTarget),
);
const benches = readdirSync(folder)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)))
  .sort();

const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
  encoding: 'utf8',
}).stdout.trim();
const lines = `${tmpdir()}/aivis-bench-${process.pid}.jsonl`;
rmSync(lines, { force: true });

const failed: string[] = [];
for (const file of benches) {
  console.log(`\n== ${file}`);
  const result = spawnSync('npx', ['tsx', `${folder}${file}`], {
    stdio: 'inherit',
    env: { ...process.env, ...(wantsJson ? { BENCH_JSON_FILE: lines } : {}) },
  });
  if (result.status !== 0) failed.push(file);
}

if (wantsJson) {
  let figures: unknown[] = [];
  try {
    figures = readFileSync(lines, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    // No bench produced a figure (all failed): the file says so with an empty list.
  }
  rmSync(lines, { force: true });
  const target = resolve(jsonTarget ?? `bench-results/${commit || 'unknown'}.json`);
  mkdirSync(dirname(target), { recursive: true });
  const report = { commit, date: new Date().toISOString(), node: process.version, failed, figures };
  writeFileSync(target, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nbench: ${figures.length} figures written to ${target}`);
}
if (failed.length) {
  console.error(`\nbench: ${failed.join(', ')} failed`);
  process.exit(1);
}
