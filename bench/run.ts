/**
 * `npm run bench`: runs every bench/*.bench.ts in its own process, one after
 * the other (they measure throughput and latency; running them side by side
 * on two cores would measure each other). Figures are printed, never asserted.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const folder = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const benches = readdirSync(folder)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)))
  .sort();

const failed: string[] = [];
for (const file of benches) {
  console.log(`\n== ${file}`);
  const result = spawnSync('npx', ['tsx', `${folder}${file}`], { stdio: 'inherit' });
  if (result.status !== 0) failed.push(file);
}
if (failed.length) {
  console.error(`\nbench: ${failed.join(', ')} failed`);
  process.exit(1);
}
