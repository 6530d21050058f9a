/**
 * The folder layout is the architecture: shared/ at the bottom, the products
 * (widget, add-on, connector, sandbox, proxy) on top of it and never on each
 * other, start/ and bench/ on top of everything, tests beside. tsc -b's
 * project references enforce most of it at build time; this suite says which
 * import broke which rule, including the package and Node built-in rules the
 * compiler cannot see.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAX_FILES = 5_000;
const SKIPPED = new Set(['node_modules', 'dist', '.tsbuild', 'test-artifacts', '.git', 'examples']);
const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** Layers, most specific path first; the first prefix a file starts with names its layer. */
const LAYER_OF_PATH: ReadonlyArray<readonly [prefix: string, layer: string]> = [
  ['proxy/build.ts', 'scripts'],
  ['apps-script/build.ts', 'apps-script/build'],
  ['apps-script/build/', 'apps-script/build'],
  ['apps-script/ui/', 'apps-script/ui'],
  ['apps-script/src/', 'apps-script/src'],
  ['looker-studio/build.ts', 'looker-studio/build'],
  ['looker-studio/build/', 'looker-studio/build'],
  ['looker-studio/src/', 'looker-studio/src'],
  ['shared/', 'shared'],
  ['server/', 'server'],
  ['sandbox/', 'sandbox'],
  ['proxy/', 'proxy'],
  ['widget/', 'widget'],
  ['scripts/', 'scripts'],
  ['start/', 'start'],
  ['support/', 'support'],
  ['bench/', 'bench'],
  ['test/', 'test'],
  ['', 'root'],
];

const EVERYTHING = LAYER_OF_PATH.map(([, layer]) => layer);
const except = (...layers: string[]) => EVERYTHING.filter((layer) => !layers.includes(layer));

/** Which layers a layer may import from (itself included). */
const MAY_IMPORT: Record<string, readonly string[]> = {
  shared: ['shared'],
  server: ['shared', 'server'],
  sandbox: ['shared', 'server', 'sandbox'],
  proxy: ['shared', 'server', 'proxy'],
  widget: ['shared', 'widget'],
  'apps-script/src': ['shared', 'apps-script/src'],
  'apps-script/ui': ['shared', 'apps-script/src', 'apps-script/ui'],
  'apps-script/build': ['shared', 'apps-script/src', 'apps-script/build'],
  'looker-studio/src': ['shared', 'apps-script/src', 'looker-studio/src'],
  'looker-studio/build': [
    'shared',
    'apps-script/src',
    'apps-script/build',
    'looker-studio/src',
    'looker-studio/build',
  ],
  scripts: ['shared', 'widget', 'scripts'],
  support: ['shared', 'server', 'sandbox', 'proxy', 'support'],
  start: except('support', 'bench', 'test', 'root'),
  bench: except('test', 'root'),
  test: except('bench', 'root'),
  root: ['scripts', 'root'],
};

/**
 * Code that runs in Apps Script's V8 or a browser page: no Node built-ins, and
 * only the packages it ships with.
 */
const PACKAGES_OF_RUNTIME_LAYER: Record<string, readonly string[]> = {
  shared: ['zod'],
  widget: ['lit', 'zod', 'virtual:aivis'],
  'apps-script/src': ['zod'],
  'apps-script/ui': [],
  'looker-studio/src': ['zod'],
};

function layerOf(path: string): string {
  return LAYER_OF_PATH.find(([prefix]) => path.startsWith(prefix))![1];
}

const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The specifiers a module imports or re-exports, static and dynamic. */
function importsOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);
}

/** Every broken rule of one file, as a sentence naming the file and the import. */
function violations(path: string, source: string): string[] {
  const layer = layerOf(path);
  const found: string[] = [];
  for (const specifier of importsOf(source)) {
    if (specifier.startsWith('.')) {
      const target = normalize(join(dirname(path), specifier));
      if (target.startsWith('..')) {
        found.push(`${path} imports '${specifier}', outside the repository`);
        continue;
      }
      const targetLayer = layerOf(target);
      if (!MAY_IMPORT[layer]!.includes(targetLayer)) {
        found.push(
          `${path} imports '${specifier}' (${targetLayer}), but ${layer} may import only ${MAY_IMPORT[layer]!.join(', ')}`,
        );
      }
      continue;
    }
    const allowedPackages = PACKAGES_OF_RUNTIME_LAYER[layer];
    if (allowedPackages === undefined || specifier.startsWith('/')) continue;
    if (NODE_BUILTINS.has(specifier) || NODE_BUILTINS.has(packageOf(specifier))) {
      found.push(
        `${path} imports the Node built-in '${specifier}', but ${layer} runs without Node`,
      );
    } else if (
      !allowedPackages.includes(packageOf(specifier)) &&
      !allowedPackages.includes(specifier)
    ) {
      found.push(
        `${path} imports the package '${specifier}', but ${layer} may use only ${allowedPackages.join(', ') || 'no package'}`,
      );
    }
  }
  return found;
}

function sourceFiles(): string[] {
  const files: string[] = [];
  const stack = [ROOT];
  while (stack.length > 0) {
    const folder = stack.pop()!;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) stack.push(path);
      else if (/\.(ts|mts|mjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(relative(ROOT, path));
        if (files.length > MAX_FILES) throw new Error(`more than ${MAX_FILES} source files`);
      }
    }
  }
  return files;
}

describe('import direction between the layers', () => {
  const files = sourceFiles();

  it('finds the layers it guards', () => {
    const layers = new Set(files.map(layerOf));
    for (const layer of Object.keys(PACKAGES_OF_RUNTIME_LAYER)) expect(layers).toContain(layer);
    expect(layers).toContain('bench');
    expect(layers).toContain('support');
  });

  it('every import goes down or sideways as the architecture says', () => {
    const broken = files.flatMap((path) =>
      violations(path, readFileSync(join(ROOT, path), 'utf8')),
    );
    expect(broken).toEqual([]);
  });

  it('names the offending import: shared reaching into a product, or into Node', () => {
    expect(violations('shared/api/x.ts', "import { a } from '../../widget/index.js';")).toEqual([
      "shared/api/x.ts imports '../../widget/index.js' (widget), but shared may import only shared",
    ]);
    expect(violations('shared/x.ts', "import { readFileSync } from 'node:fs';")).toEqual([
      "shared/x.ts imports the Node built-in 'node:fs', but shared runs without Node",
    ]);
    expect(violations('shared/x.ts', "export { z } from 'fs/promises';")).toHaveLength(1);
  });

  it('keeps the products apart and bench out of the tests', () => {
    expect(violations('widget/a.ts', "import '../proxy/config.js';")).toHaveLength(1);
    expect(violations('proxy/a.ts', "const m = await import('../sandbox/app.js');")).toHaveLength(
      1,
    );
    expect(
      violations('apps-script/src/a.ts', "import '../../looker-studio/src/x.js';"),
    ).toHaveLength(1);
    expect(violations('bench/a.ts', "import { h } from '../test/browser/figures.js';")).toEqual([
      "bench/a.ts imports '../test/browser/figures.js' (test), but bench may import only " +
        MAY_IMPORT.bench!.join(', '),
    ]);
    expect(violations('support/a.ts', "import '../test/x.js';")).toHaveLength(1);
    expect(violations('widget/a.ts', "import { html } from 'lit';")).toEqual([]);
    expect(violations('widget/a.ts', "import { x } from 'yaml';")).toHaveLength(1);
  });
});
