/**
 * `npm run build:widget`: the one-script-tag bundle, one standalone bundle
 * per widget (for per-widget size and pages that want just one), the Custom
 * Elements Manifest, and TypeScript declarations.
 *
 *   dist/widget/aivis-widgets.js         every element + configure(), Lit included, minified
 *   dist/widget/standalone/<tag>.js      one element each (size measurement, single-widget pages)
 *   dist/widget/custom-elements.json     from the components' JSDoc (cem analyze --litelement)
 *   dist/widget/types/widget/index.d.ts  declarations, with HTMLElementTagNameMap entries
 *   dist/widget/package.json, react.d.ts, README.md, LICENSE
 *                                        so that `npm pack dist/widget` gives the @aivis/widgets package
 */
import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpointSubsetPlugin } from '../scripts/endpoint-subset-plugin.js';
import { minifyLitTemplatesPlugin } from '../scripts/minify-lit-templates.js';
import { responseShapesPlugin } from '../scripts/response-shapes-plugin.js';
import { stripDocsPlugin } from '../scripts/strip-docs.js';
import { buildForProduction } from '../scripts/vite-build.js';
import { writeWidgetPackage } from '../scripts/widget-package.js';
import type { EndpointName } from '../shared/api/endpoints.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const BUNDLE_FILE = 'aivis-widgets.js';

/** Registration entries of the standalone bundles, by tag. */
export const STANDALONE_ENTRIES = {
  'aivis-visibility-score': 'widget/visibility-score/visibility-score.ts',
  'aivis-competitor-ranking': 'widget/competitor-ranking/competitor-ranking.ts',
  'aivis-action-plan': 'widget/action-plan/action-plan.ts',
  'aivis-provider': 'widget/provider/provider.ts',
  'aivis-visibility-trend': 'widget/visibility-trend/visibility-trend.ts',
  'aivis-ai-traffic': 'widget/ai-traffic/ai-traffic.ts',
  'aivis-citations': 'widget/citations/citations.ts',
  'aivis-search-opportunities': 'widget/search-opportunities/search-opportunities.ts',
  'aivis-dashboard': 'widget/dashboard/dashboard.ts',
} as const;

/**
 * The endpoints each element calls: its standalone bundle's endpoint table
 * keeps only these (scripts/endpoint-subset-plugin.ts). The action plan
 * follows any action's next_request as a link (followLink), which needs no
 * table entry. The score's opt-in sparkline reads competitors.
 */
export const ELEMENT_ENDPOINTS = {
  'aivis-visibility-score': ['summary', 'competitors'],
  'aivis-competitor-ranking': ['competitors'],
  'aivis-provider': [],
  'aivis-action-plan': ['action-plan'],
  'aivis-visibility-trend': ['competitors'],
  'aivis-ai-traffic': ['ai-traffic'],
  'aivis-citations': ['citations'],
  'aivis-search-opportunities': ['search-performance'],
} as const satisfies Record<string, readonly EndpointName[]>;

/** What the catalogue and the dashboard, which hold every element, call: the elements' endpoints together. */
export const CATALOGUE_ENDPOINTS: readonly EndpointName[] = [
  ...new Set(Object.values(ELEMENT_ENDPOINTS).flat()),
];

/** The endpoint table each standalone bundle keeps. */
export const STANDALONE_ENDPOINTS: Record<
  keyof typeof STANDALONE_ENTRIES,
  readonly EndpointName[]
> = { ...ELEMENT_ENDPOINTS, 'aivis-dashboard': CATALOGUE_ENDPOINTS };

export interface BuildWidgetsOptions {
  /** Default dist/widget under the repository root. */
  outDir?: string;
  /** Skip the manifest and declarations (faster; the bench uses this). */
  bundlesOnly?: boolean;
}

async function bundle(
  entry: string,
  outDir: string,
  fileName: string,
  endpoints?: readonly EndpointName[],
): Promise<void> {
  // Production mode always (buildForProduction): called from vitest (NODE_ENV=test), Vite
  // would otherwise pick Lit's development exports and ship its dev-mode warnings.
  await buildForProduction({
    resolve: { conditions: ['module', 'browser', 'production'] },
    // Shapes instead of zod, only the endpoints called, no documentation strings, no template
    // indentation: the budget in bundle-budget.ts.
    plugins: [
      // A bundle of every element shares one shapes module (each element's alone keeps its own).
      responseShapesPlugin({
        merge: endpoints === CATALOGUE_ENDPOINTS ? `${ROOT}widget` : undefined,
      }),
      endpointSubsetPlugin(endpoints),
      stripDocsPlugin(),
      minifyLitTemplatesPlugin(),
    ],
    build: {
      outDir,
      // Vite keeps whitespace in ES library output (for downstream bundlers);
      // this file goes straight into a script tag, so minify it fully: terser's
      // passes over what oxc already minified take the catalogue ~0.6 KB gzip
      // lower (docs/widgets.md, bundle sizes).
      minify: 'terser',
      terserOptions: {
        module: true,
        compress: { passes: 3 },
        mangle: { toplevel: true },
        format: { comments: false },
      },
      rolldownOptions: { output: { minify: true, comments: false } },
      target: 'es2022',
      lib: { entry: `${ROOT}${entry}`, formats: ['es'], fileName: () => fileName },
    },
  });
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
}

export async function buildWidgets(options: BuildWidgetsOptions = {}): Promise<void> {
  const outDir = options.outDir ?? `${ROOT}dist/widget`;
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  await bundle('widget/index.ts', outDir, BUNDLE_FILE, CATALOGUE_ENDPOINTS);
  for (const [tag, entry] of Object.entries(STANDALONE_ENTRIES)) {
    const endpoints = STANDALONE_ENDPOINTS[tag as keyof typeof STANDALONE_ENTRIES];
    await bundle(entry, `${outDir}/standalone`, `${tag}.js`, endpoints);
  }
  // The gallery beside the bundle, so dist/widget can be served as it is.
  await copyFile(`${ROOT}widget/demo/gallery.html`, `${outDir}/gallery.html`);
  await copyFile(`${ROOT}widget/demo/gallery.js`, `${outDir}/gallery.js`);
  if (options.bundlesOnly) return;
  run(process.execPath, [
    `${ROOT}node_modules/@custom-elements-manifest/analyzer/cem.js`,
    'analyze',
    '--litelement',
    '--globs',
    'widget/*/*.component.ts',
    'widget/*/*.ts',
    'widget/internal/aivis-element.ts',
    '--exclude',
    'widget/**/*.styles.ts',
    'widget/build.ts',
    'widget/demo/**',
    // cem joins --outdir onto the working directory, so it must be relative.
    '--outdir',
    relative(ROOT, outDir),
  ]);
  run(process.execPath, [
    `${ROOT}node_modules/typescript/bin/tsc`,
    '-p',
    `${ROOT}widget/tsconfig.build.json`,
    '--outDir',
    `${outDir}/types`,
  ]);
  await writeWidgetPackage(outDir, {
    bundleFile: BUNDLE_FILE,
    standaloneEntries: STANDALONE_ENTRIES,
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  buildWidgets().then(
    () => console.log('build:widget: dist/widget written'),
    (error: unknown) => {
      console.error(`build:widget failed: ${error instanceof Error ? error.message : error}`);
      process.exit(1);
    },
  );
}
