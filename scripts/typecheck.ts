/**
 * Type-checks every folder with its own compiler settings: shared/ without DOM
 * or Node types (it must run in Apps Script's V8 too), widget/ with the DOM (Lit
 * reactive properties, no decorators), apps-script/ against @types/google-apps-script.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PROJECTS = [
  'shared',
  'sandbox',
  'server',
  'proxy',
  'widget',
  'apps-script',
  'apps-script/build',
  'apps-script/ui',
  'looker-studio',
  'looker-studio/build',
  'start',
  'bench',
  'test',
  'scripts',
];

let failed = false;
for (const folder of PROJECTS) {
  const config = `${folder}/tsconfig.json`;
  if (!existsSync(config)) {
    console.error(`typecheck: ${config} is missing`);
    failed = true;
    continue;
  }
  const result = spawnSync('npx', ['tsc', '-p', config, '--noEmit'], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
  else console.log(`typecheck: ${folder} ok`);
}
process.exit(failed ? 1 : 0);
