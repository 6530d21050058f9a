/**
 * Points citations of the service's spec ("spec 4.3 rule 2", "spec-7",
 * "spec sections 4 and 8") at the repository's own docs/data-api.md
 * ("data-api 4.3 rule 2", ...), whose numbering is the same. Idempotent: a
 * rewritten tree has nothing left to rewrite.
 *
 *   npx tsx scripts/point-comments-at-docs.ts          rewrite in place
 *   npx tsx scripts/point-comments-at-docs.ts --check  list what would change, exit 1 if anything
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Files whose comments (or, for Markdown, prose) may cite the Data API. */
const SOURCE_EXTENSIONS = new Set([
  '.ts',
  '.tsx',
  '.js',
  '.mjs',
  '.cjs',
  '.html',
  '.css',
  '.gs',
  '.md',
]);
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.git', 'test-artifacts', 'docs']);
/** This script's own comment quotes the old form as its example. */
const SKIPPED_FILES = new Set(['scripts/point-comments-at-docs.ts']);
/** A repository is not this big; a walk that gets here is walking something else. */
const MAX_FILES = 20_000;

/**
 * "spec" (not part of a longer word or path such as api-spec.md), an optional
 * "section(s)", then a space or dash and a section number.
 */
const SPEC_CITATION = /(?<![\w.\-/])spec( sections?)?[ -](?=\d)/g;

/** The text with every spec citation pointed at docs/data-api.md. */
export function pointAtDocs(text: string): string {
  return text.replace(SPEC_CITATION, (_match, sections: string | undefined) =>
    sections ? `data-api${sections} ` : 'data-api ',
  );
}

/** Source files below `root`, relative paths, sorted. */
export async function sourceFiles(root: string = ROOT): Promise<string[]> {
  const found: string[] = [];
  const folders = [root];
  while (folders.length) {
    const folder = folders.pop() as string;
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) folders.push(join(folder, entry.name));
      } else if (entry.isFile() && SOURCE_EXTENSIONS.has(extname(entry.name))) {
        const file = relative(root, join(folder, entry.name)).split(sep).join('/');
        if (!SKIPPED_FILES.has(file)) found.push(file);
        if (found.length > MAX_FILES) throw new Error(`more than ${MAX_FILES} source files`);
      }
    }
  }
  return found.sort();
}

/** Files whose text would change, rewritten on disk unless `check`. */
export async function pointTreeAtDocs(root: string, check: boolean): Promise<string[]> {
  const changed: string[] = [];
  for (const file of await sourceFiles(root)) {
    const path = join(root, file);
    const text = await readFile(path, 'utf8');
    const rewritten = pointAtDocs(text);
    if (rewritten === text) continue;
    changed.push(file);
    if (!check) await writeFile(path, rewritten);
  }
  return changed;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const check = process.argv.includes('--check');
  const changed = await pointTreeAtDocs(ROOT, check);
  for (const file of changed) console.log(file);
  if (check && changed.length) {
    console.error(
      `${changed.length} file(s) cite the spec; run npx tsx scripts/point-comments-at-docs.ts`,
    );
    process.exit(1);
  }
  if (!check) console.log(`${changed.length} file(s) now cite docs/data-api.md`);
}
