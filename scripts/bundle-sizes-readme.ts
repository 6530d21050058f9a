/**
 * docs/widgets.md's table of widget bundle sizes, from the built dist/widget
 * (gzip-size.ts) and scripts/widget/bundle-budget.ts. The widget build
 * rewrites it (scripts/widget/build.ts), so the page states the sizes of the
 * last build; `npx tsx scripts/bundle-sizes-readme.ts` does it alone. Sizes are
 * in KB with one decimal: a change of a few bytes does not change the page, and
 * test/widget/bundle-size.test.ts checks the table names every built file with
 * its size within a tolerance, not to the byte.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSize } from './gzip-size.js';
import { BUNDLE_BUDGET_GZIP_BYTES } from './widget/bundle-budget.js';
import { chunkFilesOf } from './widget/chunk-files.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SIZES_START =
  '<!-- bundle-sizes:start (written by npm run build:widget, or npx tsx scripts/bundle-sizes-readme.ts) -->';
export const SIZES_END = '<!-- bundle-sizes:end -->';
/** The page that states the sizes, relative to the repository. */
export const SIZES_PAGE = 'docs/widgets.md';
/** The full bundle (scripts/widget/build.ts names it; repeated here to keep this module free of the build). */
const FULL_BUNDLE = 'aivis-widgets.js';

/** A built file's size as the budgets count it. */
export function bundleSize(file: string, dist = `${ROOT}dist/widget/`): number {
  return gzipSize(readFileSync(`${dist}${file}`));
}

/** `36,370` bytes -> `35.5 KB`. */
export const kilobytes = (value: number) => `${(value / 1024).toFixed(1)} KB`;

/** The files the table states: the full bundle, its later chunks, and every standalone module. */
export function builtFiles(dist = `${ROOT}dist/widget/`): {
  full: string;
  later: string[];
  standalone: string[];
} {
  return {
    full: FULL_BUNDLE,
    later: chunkFilesOf(FULL_BUNDLE, dist),
    standalone: readdirSync(`${dist}standalone`)
      .filter((file) => file.endsWith('.js'))
      .sort()
      .map((file) => `standalone/${file}`),
  };
}

/** What a standalone module is for, in the table; `later`: the full bundle's later chunks. */
function standaloneRole(file: string, later: readonly string[]): string {
  const name = file.replace(/^standalone\/|\.js$/g, '');
  if (name === 'runtime')
    return 'Lit, the core and the elements’ base: once for every standalone entry';
  if (name === 'configure') return '`@aivis/widgets/configure`: `configure()` without any element';
  if (name.startsWith('aivis-')) return `\`@aivis/widgets/${name}\`: one element`;
  return later.includes(FULL_BUNDLE.replace(/\.js$/, `.${name}.js`))
    ? 'loaded later by the elements that need it'
    : 'shared by some elements';
}

/**
 * The table: the full bundle with its budget, its later chunks (not counted),
 * then every standalone module with its role.
 */
export function bundleSizesTable(
  sizeOf: (file: string) => number = bundleSize,
  files = builtFiles(),
): string {
  const rows = [
    `| \`${files.full}\` | every element and \`configure()\`, one script tag | ${kilobytes(sizeOf(files.full))} | at most ${kilobytes(BUNDLE_BUDGET_GZIP_BYTES)} |`,
    ...files.later.map(
      (file) =>
        `| \`${file}\` | loaded later by the full bundle | ${kilobytes(sizeOf(file))} | not counted |`,
    ),
    ...files.standalone.map(
      (file) =>
        `| \`${file}\` | ${standaloneRole(file, files.later)} | ${kilobytes(sizeOf(file))} | none |`,
    ),
  ];
  return ['| file | what | gzip -9 | budget |', '|---|---|---|---|', ...rows].join('\n');
}

/** The page with the section between the markers replaced by `table`. */
export function withSizesTable(readme: string, table: string): string {
  const start = readme.indexOf(SIZES_START);
  const end = readme.indexOf(SIZES_END);
  if (start < 0 || end < start) throw new Error(`${SIZES_PAGE} has no bundle-sizes markers`);
  return `${readme.slice(0, start + SIZES_START.length)}\n${table}\n${readme.slice(end)}`;
}

/** Rewrites the page's table from the built dist/widget; true when it changed. */
export function writeSizesTable(): boolean {
  const path = `${ROOT}${SIZES_PAGE}`;
  const before = readFileSync(path, 'utf8');
  const after = withSizesTable(before, bundleSizesTable());
  if (after !== before) writeFileSync(path, after);
  return after !== before;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(`${SIZES_PAGE}: bundle sizes ${writeSizesTable() ? 'rewritten' : 'unchanged'}`);
}
