/**
 * The Workers entry of docs/proxy-scale-out.md as the Durable Object suites
 * run it: a block read out of the page, and that entry bundled with Vite
 * into one module for workerd (Lit's server build, as test/edge/workerd.test.ts).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';

export const ROOT = resolve(import.meta.dirname, '../..');
const PAGE = readFileSync(join(ROOT, 'docs/proxy-scale-out.md'), 'utf8');

/** The page's one code block in `lang` that holds `marker`. */
export function scaleOutBlock(lang: string, marker: string): string {
  const found = [...PAGE.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].filter(
    (match) => match[1] === lang && match[2]!.includes(marker),
  );
  if (found.length !== 1) throw new Error(`expected one ${lang} block with ${marker} in the page`);
  return found[0]![2]!;
}

/**
 * The entry bundled into `<folder>/dist/worker.js`, in a new temporary
 * folder (the caller removes it). The page's imports are relative to the
 * repository root.
 */
export async function buildDocsWorker(entry: string, prefix: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), prefix));
  const source = join(folder, 'worker.ts');
  await writeFile(source, entry.replaceAll("'./proxy/", `'${ROOT}/proxy/`));
  await build({
    configFile: false,
    logLevel: 'silent',
    resolve: { conditions: ['node', 'import', 'module', 'default'] },
    build: {
      outDir: join(folder, 'dist'),
      emptyOutDir: true,
      minify: false,
      target: 'es2022',
      lib: { entry: source, formats: ['es'], fileName: () => 'worker.js' },
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  return folder;
}
