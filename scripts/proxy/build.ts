/**
 * `npm run build:proxy`: the proxy as plain JavaScript for production, so a
 * server runs `node dist/proxy/main.js` with neither tsx nor node_modules.
 *
 *   dist/proxy/main.js       the Node entry with everything it imports bundled (zod included)
 *   dist/proxy/package.json  `type: module`, so the folder runs wherever it is copied
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildForProduction } from '../vite-build.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const PROXY_ENTRY_FILE = 'main.js';

const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

export async function buildProxy(outDir = `${ROOT}dist/proxy`): Promise<void> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const LEDGER_ENGINES = new Set(['@duckdb/node-api', 'pg']);
  await buildForProduction({
    // Bundle every package (they are plain ECMAScript); leave only Node's own modules outside.
    // Lit's production build for the cards (ssr/): Vite picks its development build
    // unless NODE_ENV says production, and that one warns on every start.
    ssr: {
      noExternal: true,
      target: 'node',
      resolve: { conditions: ['node', 'module', 'import', 'default'] },
    },
    build: {
      ssr: `${ROOT}proxy/main.ts`,
      outDir,
      target: 'node20',
      // Readable stack traces on a server matter more than bytes.
      minify: false,
      rolldownOptions: {
        // The ledger's engines load only when AIVIS_LEDGER is set (docs/ledger.md); install them beside main.js then.
        external: (id) => NODE_BUILTINS.has(id) || LEDGER_ENGINES.has(id),
        output: { format: 'es', entryFileNames: PROXY_ENTRY_FILE, codeSplitting: false },
      },
    },
  });
  await writeFile(
    `${outDir}/package.json`,
    `${JSON.stringify({ type: 'module', private: true }, null, 2)}\n`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  buildProxy().then(
    () => console.log(`build:proxy: dist/proxy/${PROXY_ENTRY_FILE} written`),
    (error: unknown) => {
      console.error(`build:proxy failed: ${error instanceof Error ? error.message : error}`);
      process.exit(1);
    },
  );
}
