/**
 * Turns dist/widget/ into a complete npm package (`npm pack dist/widget`):
 * its package.json, typed events in custom-elements.json, the typings for
 * React, Vue, Svelte, Preact and Solid templates, a short README and the licence.
 * Everything here is derived from what the build already wrote (bundles,
 * custom-elements.json, declarations) and from the root package.json, so the
 * package cannot describe files or elements that are not there.
 */
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  type CustomElementsManifest,
  FRAMEWORKS,
  type FrameworkName,
  frameworkDeclarations,
  typingsFile,
} from './framework-typings.js';
import { eventTypes, withEventTypes } from './manifest-event-types.js';
import { attributeTypes } from './widget/attribute-types.js';
import { chunkFileName } from './widget/chunk-files.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const PACKAGE_NAME = '@aivis/widgets';
/** The declarations of the full bundle, as tsc writes them under types/. */
export const TYPES_ENTRY = 'types/widget/index.d.ts';

export interface RootPackage {
  version: string;
  description?: string;
  license?: string;
  dependencies?: Record<string, string>;
}

export interface WidgetPackageInput {
  root: RootPackage;
  bundleFile: string;
  /** tag -> source entry (widget/<folder>/<name>.ts), as the build bundles them. */
  standaloneEntries: Readonly<Record<string, string>>;
  /** The source of `@aivis/widgets/configure`, built as standalone/configure.js. */
  configureEntry: string;
  /** Bare module specifiers the emitted declarations import (lit, zod/mini, ...). */
  declarationImports: readonly string[];
  /** Installed version of a package the root does not list (tsc may name lit's own lit-html). */
  installedVersion: (name: string) => string | undefined;
}

/** `lit/directives/class-map.js` -> `lit`, `@lit/task` -> `@lit/task`. */
export function packageOfSpecifier(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** widget/visibility-score/visibility-score.ts -> ./types/widget/visibility-score/visibility-score.d.ts */
export function declarationOf(entry: string): string {
  return `./types/${entry.replace(/\.ts$/, '.d.ts')}`;
}

/**
 * The package's manifest. The bundles carry Lit inside, so nothing is needed
 * at run time; `dependencies` are only the packages whose types the
 * declarations import (TypeScript's rule for published typings), at the
 * versions the declarations were checked against.
 */
export function widgetPackageJson(input: WidgetPackageInput): Record<string, unknown> {
  const dependencies: Record<string, string> = {};
  for (const name of [...new Set(input.declarationImports.map(packageOfSpecifier))].sort()) {
    const version = input.root.dependencies?.[name] ?? input.installedVersion(name);
    if (!version) {
      throw new Error(
        `the widget declarations import '${name}', which is neither a dependency of the root package.json nor installed`,
      );
    }
    dependencies[name] = version;
  }
  const exports: Record<string, unknown> = {
    '.': { types: `./${TYPES_ENTRY}`, default: `./${input.bundleFile}` },
  };
  for (const [tag, entry] of Object.entries(input.standaloneEntries)) {
    exports[`./${tag}`] = { types: declarationOf(entry), default: `./standalone/${tag}.js` };
  }
  // configure() without the full bundle, for apps that load single elements.
  exports['./configure'] = {
    types: declarationOf(input.configureEntry),
    default: './standalone/configure.js',
  };
  exports['./custom-elements.json'] = './custom-elements.json';
  const frameworks = Object.values(FRAMEWORKS);
  for (const framework of frameworks) {
    exports[`./${framework.subpath}`] = { types: `./${typingsFile(framework)}` };
  }
  exports['./package.json'] = './package.json';
  return {
    name: PACKAGE_NAME,
    version: input.root.version,
    description:
      'Web components for the AI-visibility Data API v1: visibility score and trend, competitor ranking, action plan, AI traffic, citations, search opportunities and a one-tag dashboard. Lit bundled; one import or one script tag.',
    license: input.root.license ?? 'MIT',
    type: 'module',
    main: `./${input.bundleFile}`,
    module: `./${input.bundleFile}`,
    types: `./${TYPES_ENTRY}`,
    exports,
    // For TypeScript's older module resolution (`node10`), which does not read `exports`.
    typesVersions: {
      '*': Object.fromEntries(
        frameworks.map((framework) => [framework.subpath, [typingsFile(framework)]]),
      ),
    },
    customElements: './custom-elements.json',
    // Every module registers its elements when imported: a bundler must keep them
    // (standalone/ also holds the runtime they share and configure()).
    sideEffects: [`./${input.bundleFile}`, './standalone/*.js'],
    files: [
      input.bundleFile,
      // What the bundle loads later, beside it (standalone/ holds its own).
      chunkFileName(input.bundleFile, '*'),
      'standalone/',
      'types/',
      'custom-elements.json',
      ...frameworks.map(typingsFile),
      'README.md',
      'LICENSE',
    ],
    keywords: ['web-components', 'custom-elements', 'lit', 'ai-visibility'],
    dependencies,
    // Each typings file augments its framework's types; only apps of that framework have them.
    peerDependencies: Object.fromEntries(
      frameworks.map((framework) => [framework.peer, framework.peerRange]),
    ),
    peerDependenciesMeta: Object.fromEntries(
      frameworks.map((framework) => [framework.peer, { optional: true }]),
    ),
  };
}

/** Bare specifiers imported by the .d.ts files under `dir` (relative imports excluded). */
export async function declarationImports(dir: string): Promise<string[]> {
  const found = new Set<string>();
  const files = await readdir(dir, { recursive: true });
  for (const file of files) {
    if (!file.endsWith('.d.ts')) continue;
    const text = await readFile(`${dir}/${file}`, 'utf8');
    for (const match of text.matchAll(/\bfrom\s+'([^'.][^']*)'|import\("([^".][^"]*)"\)/g)) {
      found.add((match[1] ?? match[2])!);
    }
  }
  return [...found].sort();
}

function installedVersion(name: string): string | undefined {
  const manifest = `${ROOT}node_modules/${name}/package.json`;
  if (!existsSync(manifest)) return undefined;
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version;
}

/**
 * Writes package.json, the event types into custom-elements.json, one typings
 * file per framework, README.md and LICENSE into the built dist/widget.
 */
export async function writeWidgetPackage(
  outDir: string,
  build: Pick<WidgetPackageInput, 'bundleFile' | 'standaloneEntries' | 'configureEntry'>,
): Promise<void> {
  const root = JSON.parse(await readFile(`${ROOT}package.json`, 'utf8')) as RootPackage;
  const manifest = withEventTypes(
    JSON.parse(await readFile(`${outDir}/custom-elements.json`, 'utf8')) as CustomElementsManifest,
    await eventTypes(`${outDir}/types`, {
      path: TYPES_ENTRY,
      packageName: PACKAGE_NAME,
      text: await readFile(`${outDir}/${TYPES_ENTRY}`, 'utf8'),
    }),
  );
  await writeFile(`${outDir}/custom-elements.json`, `${JSON.stringify(manifest, null, 2)}\n`);
  const pkg = widgetPackageJson({
    root,
    ...build,
    declarationImports: await declarationImports(`${outDir}/types`),
    installedVersion,
  });
  await writeFile(`${outDir}/package.json`, `${JSON.stringify(pkg, null, 2)}\n`);
  for (const [name, framework] of Object.entries(FRAMEWORKS)) {
    await writeFile(
      `${outDir}/${typingsFile(framework)}`,
      frameworkDeclarations(
        name as FrameworkName,
        manifest,
        PACKAGE_NAME,
        TYPES_ENTRY,
        attributeTypes(),
      ),
    );
  }
  await copyFile(`${ROOT}widget/package/README.md`, `${outDir}/README.md`);
  await copyFile(`${ROOT}LICENSE`, `${outDir}/LICENSE`);
}
