/**
 * The folder layout is the architecture: shared/ at the bottom, the products
 * (widget, add-on, connector, sandbox, proxy) on top of it and never on each
 * other, start/ and bench/ on top of everything, tests beside. tsc -b's
 * project references enforce most of it at build time; this suite says which
 * import broke which rule, including the package and Node built-in rules the
 * compiler cannot see.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
  ['apps-script/ui/', 'apps-script/ui'],
  ['apps-script/src/', 'apps-script/src'],
  ['looker-studio/src/', 'looker-studio/src'],
  ['apps-script-platform/', 'apps-script-platform'],
  ['shared/', 'shared'],
  ['server/', 'server'],
  ['sandbox/', 'sandbox'],
  ['proxy/', 'proxy'],
  ['ssr/', 'ssr'],
  ['ledger/', 'ledger'],
  ['widget/', 'widget'],
  ['scripts/apps-script-bundle/', 'scripts/apps-script-bundle'],
  ['scripts/sheets/', 'scripts/sheets'],
  ['scripts/looker-studio/', 'scripts/looker-studio'],
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
  // The proxy renders the cards (ssr/), which are the widgets' own templates.
  ssr: ['shared', 'widget', 'ssr'],
  // The ledger's series route reads the metric list (ledger/series-metrics.ts); the store comes in as a dependency.
  proxy: ['shared', 'server', 'ssr', 'ledger', 'proxy'],
  ledger: ['shared', 'ledger'],
  widget: ['shared', 'widget'],
  'apps-script-platform': ['shared', 'apps-script-platform'],
  'apps-script/src': ['shared', 'apps-script-platform', 'apps-script/src'],
  'apps-script/ui': ['shared', 'apps-script/src', 'apps-script/ui'],
  'looker-studio/src': ['shared', 'apps-script-platform', 'looker-studio/src'],
  // The Apps Script builds: shared bundling, and one folder per product beside it.
  'scripts/apps-script-bundle': ['shared', 'scripts/apps-script-bundle'],
  'scripts/sheets': [
    'shared',
    'apps-script-platform',
    'apps-script/src',
    'scripts/apps-script-bundle',
    'scripts/sheets',
  ],
  'scripts/looker-studio': [
    'shared',
    'apps-script-platform',
    'looker-studio/src',
    'scripts/apps-script-bundle',
    'scripts/looker-studio',
  ],
  // The `share` command reads the proxy's settings and link store (docs/agencies.md); the ledger's
  // commands pace themselves with the proxy's pacer (docs/ledger.md, "Budget"); the proxy's
  // settings table of docs/proxy.md is written from PROXY_SETTINGS (scripts/proxy/settings-table.ts).
  scripts: ['shared', 'widget', 'proxy', 'ledger', 'scripts'],
  support: ['shared', 'server', 'sandbox', 'ssr', 'widget', 'proxy', 'support'],
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
  widget: ['lit', '@lit/task', '@lit/context', 'zod', 'virtual:aivis'],
  ssr: ['lit', '@lit/task', '@lit/context', 'zod'],
  'apps-script-platform': [],
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

/** The repository file a relative specifier names (`./x.js` is written for `./x.ts`), if it is one. */
function resolveImport(
  from: string,
  specifier: string,
  files: ReadonlySet<string>,
): string | undefined {
  const target = normalize(join(dirname(from), specifier));
  const candidates = [
    target,
    target.replace(/\.js$/, '.ts'),
    target.replace(/\.mjs$/, '.mts'),
    `${target}.ts`,
    join(target, 'index.ts'),
  ];
  return candidates.find((candidate) => files.has(candidate));
}

/** Module to the modules it imports, relative imports only (packages cannot import us back). */
function importGraph(sources: ReadonlyMap<string, string>): Map<string, string[]> {
  const files = new Set(sources.keys());
  const graph = new Map<string, string[]>();
  for (const [path, source] of sources) {
    const targets = importsOf(source)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolveImport(path, specifier, files))
      .filter((target): target is string => target !== undefined);
    graph.set(path, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The import circles: strongly connected components of more than one module,
 * or a module importing itself (Tarjan's algorithm, iterative so a deep chain
 * cannot overflow the stack). Each circle is listed sorted, the list too.
 */
function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const circles: string[][] = [];
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: Array<{ node: string; next: number }> = [{ node: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = graph.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const selfImport = (graph.get(frame.node) ?? []).includes(frame.node);
      if (component.length > 1 || selfImport) circles.push(component.sort());
    }
  }
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
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

  it('no module imports itself back, through any chain of imports', () => {
    const sources = new Map(
      files
        .filter((path) => existsSync(join(ROOT, path)))
        .map((path) => [path, readFileSync(join(ROOT, path), 'utf8')] as const),
    );
    expect(importCircles(importGraph(sources))).toEqual([]);
  });

  it('finds circles of any length, and only circles', () => {
    const graph = new Map<string, string[]>([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['e.ts']],
      ['e.ts', []],
      ['f.ts', ['f.ts']],
      ['g.ts', ['e.ts', 'd.ts']],
    ]);
    expect(importCircles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['f.ts']]);
    expect(
      importCircles(
        new Map([
          ['x.ts', ['y.ts']],
          ['y.ts', []],
        ]),
      ),
    ).toEqual([]);
    const sources = new Map([
      ['proxy/a.ts', "import { b } from './b.js';"],
      ['proxy/b.ts', "import type { A } from './a.js';\nexport const b = 1;"],
    ]);
    expect(importCircles(importGraph(sources))).toEqual([['proxy/a.ts', 'proxy/b.ts']]);
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
    expect(
      violations(
        'looker-studio/src/a.ts',
        "import { fetchTable } from '../../apps-script/src/x.js';",
      ),
    ).toHaveLength(1);
    expect(
      violations('looker-studio/src/a.ts', "import '../../apps-script-platform/fetch-table.js';"),
    ).toEqual([]);
    expect(
      violations('apps-script-platform/a.ts', "import '../apps-script/src/x.js';"),
    ).toHaveLength(1);
    expect(
      violations('apps-script/src/a.ts', "import '../../scripts/sheets/index.js';"),
    ).toHaveLength(1);
    expect(
      violations('scripts/looker-studio/a.ts', "import '../../apps-script/src/x.js';"),
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
