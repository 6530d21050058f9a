/**
 * The package on a server, as server-rendered apps (SvelteKit, Nuxt, Next,
 * Angular SSR) load it: the packed tarball installed into a scratch app, and
 * docs/widgets.md's own React, Vue, Svelte and Angular components compiled as
 * each framework compiles them for its server and rendered to HTML by the
 * framework's server renderer (react-dom/server, vue/server-renderer,
 * svelte/server, @angular/platform-server), in a Node process without a DOM.
 * Every entry of the package imports there too, and `configure()` runs.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { compile as compileSvelte } from 'svelte/compiler';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileScript, parse } from 'vue/compiler-sfc';
import { widgetSnippet } from '../browser/readme-snippets.js';
import { ANGULAR_TSCONFIG, buildAngularServer } from './angular-server-build.js';
import { installTarball, type Packed, packWidgets, writeApp } from './scratch-app.js';

/** TypeScript (and TSX) to the JavaScript a server bundle runs. */
const transpile = (code: string, fileName: string) =>
  ts.transpileModule(code, {
    fileName,
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      jsx: ts.JsxEmit.ReactJSX,
    },
  }).outputText;

interface ServerApp {
  /** The component as the framework's server build compiles it (or its source, for `build`). */
  component: () => string;
  /** Where the app keeps it; src/component.mjs unless given. */
  componentFile?: string;
  /** The app's other files. */
  files?: Record<string, string>;
  /** The framework's own build of the app, run before `render`; answers the server bundle's code. */
  build?: (appDir: string) => Promise<string>;
  /** The module that renders it to HTML and prints the HTML. */
  render: string;
  tools: string[];
}

const SERVER_APPS: Record<string, ServerApp> = {
  react: {
    component: () => transpile(widgetSnippet('tsx', '// src/Dashboard.tsx'), 'Dashboard.tsx'),
    render: `import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Dashboard } from './component.mjs';
process.stdout.write(renderToString(createElement(Dashboard, { project: 1001 })));
`,
    tools: ['react', 'react-dom', 'scheduler'],
  },
  vue: {
    component: () => {
      const source = widgetSnippet('vue', '@aivis/widgets/vue');
      // What @vitejs/plugin-vue does for the server with the docs' compiler option.
      const compilerOptions = { isCustomElement: (tag: string) => tag.startsWith('aivis-') };
      const { descriptor } = parse(source, {
        filename: 'AivisCards.vue',
        templateParseOptions: compilerOptions,
      });
      const script = compileScript(descriptor, {
        id: 'aivis-cards',
        inlineTemplate: true,
        templateOptions: { ssr: true, compilerOptions },
      });
      return transpile(script.content, 'AivisCards.ts');
    },
    render: `import { createSSRApp } from 'vue';
import { renderToString } from 'vue/server-renderer';
import AivisCards from './component.mjs';
process.stdout.write(await renderToString(createSSRApp(AivisCards, { project: 1001 })));
`,
    tools: ['vue'],
  },
  svelte: {
    component: () =>
      compileSvelte(widgetSnippet('svelte', '@aivis/widgets/svelte'), {
        filename: 'AivisCards.svelte',
        generate: 'server',
      }).js.code,
    render: `import { render } from 'svelte/server';
import AivisCards from './component.mjs';
process.stdout.write(render(AivisCards, { props: { project: 1001 } }).body);
`,
    tools: ['svelte'],
  },
  angular: {
    // Built as `ng build --ssr` builds it, ahead of time (./angular-server-build.ts).
    component: () => widgetSnippet('ts', '// src/app/aivis-cards.ts (Angular)'),
    componentFile: 'src/app/aivis-cards.ts',
    files: {
      'tsconfig.json': ANGULAR_TSCONFIG,
      // The app's server entry: a page holding the docs' component.
      'src/main.server.ts': `import { Component } from '@angular/core';
import { type BootstrapContext, bootstrapApplication } from '@angular/platform-browser';
import { provideServerRendering, renderApplication } from '@angular/platform-server';
import { AivisCards } from './app/aivis-cards.js';

@Component({ selector: 'app-root', imports: [AivisCards], template: '<app-aivis-cards [project]="1001" />' })
class Page {}

export const render = () =>
  renderApplication(
    (context: BootstrapContext) => bootstrapApplication(Page, { providers: [provideServerRendering()] }, context),
    { document: '<!doctype html><html><head></head><body><app-root></app-root></body></html>', url: '/' },
  );
`,
    },
    build: buildAngularServer,
    // What the CLI's server runs: @angular/platform-server/init first (Domino's
    // HTMLElement, Element and Node on the globals, no document or
    // customElements), then the server bundle; zoneless, as Angular 21 apps are.
    render: `import '@angular/platform-server/init';
const { render } = await import('../dist/server.mjs');
process.stdout.write(await render());
`,
    tools: [
      '@angular/common',
      '@angular/compiler',
      '@angular/core',
      '@angular/platform-browser',
      '@angular/platform-server',
    ],
  },
};

let scratch: string;
let packed: Packed;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'aivis-server-render-'));
  packed = packWidgets(scratch);
});

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** Runs `file` with Node in `appDir`: no DOM, as on a server. */
function node(appDir: string, file: string) {
  const result = spawnSync(process.execPath, [file], { cwd: appDir, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function app(name: string, tools: string[], files: Record<string, string>) {
  const appDir = join(scratch, name);
  await writeApp(appDir, {
    'package.json': `${JSON.stringify({ name, private: true, type: 'module', dependencies: { [packed.name]: `file:../${basename(packed.tarball)}` } }, null, 2)}\n`,
    ...files,
  });
  await installTarball(appDir, packed, tools);
  return appDir;
}

describe("docs/widgets.md's framework components rendered on a server", () => {
  for (const [name, server] of Object.entries(SERVER_APPS)) {
    it(`${name}: the server renderer answers the page's HTML with the elements in it`, {
      // Angular's AOT build (ngc, then the linker over Angular's packages) takes tens of seconds on a busy machine.
      timeout: 240_000,
    }, async () => {
      const component = server.component();
      // The component imports the package as the docs say: that is what a server evaluates.
      expect(component).toMatch(/import ['"]@aivis\/widgets['"]/);
      const appDir = await app(`${name}-server`, server.tools, {
        [server.componentFile ?? 'src/component.mjs']: component,
        ...server.files,
        'src/render.mjs': server.render,
      });
      const bundle = await server.build?.(appDir);
      // The package is inside the server bundle, as the framework's build puts it (Lit is the package's own).
      if (bundle !== undefined) expect(bundle).toContain('litElementVersions');
      const rendered = node(appDir, 'src/render.mjs');
      // Nothing on stderr: no `HTMLElement is not defined`, no framework warning about the tags.
      expect(rendered.stderr).toBe('');
      expect(rendered.status, rendered.stderr).toBe(0);
      expect(rendered.stdout).toMatch(
        /<aivis-provider base-url="https:\/\/intranet\.example\/aivis-proxy"/,
      );
      expect(rendered.stdout).toMatch(/<aivis-visibility-score[^>]* project="1001"/);
      expect(rendered.stdout).toMatch(/<aivis-action-plan[^>]* audience="marketing"/);
      // The cards are siblings inside the provider, as the component nests them.
      const at = (text: string) => rendered.stdout.indexOf(text);
      expect(at('</aivis-visibility-score>')).toBeGreaterThan(at('<aivis-visibility-score'));
      expect(at('<aivis-action-plan')).toBeGreaterThan(at('</aivis-visibility-score>'));
      expect(at('</aivis-provider>')).toBeGreaterThan(at('</aivis-action-plan>'));
    });
  }
});

/** The globals a server renderer tells server from browser by; the package must leave them as it finds them. */
const DOM_GLOBALS = ['customElements', 'HTMLElement', 'document'] as const;

/** Imports (or requires) the entry named on the command line, runs configure() and prints the globals before and after. */
const checkScript = (load: 'import' | 'require') => {
  const get = (entry: string) =>
    load === 'import' ? `await import(${entry})` : `require(${entry})`;
  return `const globals = () => Object.fromEntries(${JSON.stringify(DOM_GLOBALS)}.map((name) => [name, typeof globalThis[name]]));
const before = globals();
${get('process.argv[2]')};
const { configure } = ${get("'@aivis/widgets'")};
configure({ baseUrl: '/aivis-proxy' });
process.stdout.write(JSON.stringify({ before, after: globals() }));
`;
};

const NO_DOM = { customElements: 'undefined', HTMLElement: 'undefined', document: 'undefined' };

const SERVERS = {
  'Node without a DOM (SvelteKit, Nuxt, Next)': {
    preload: [] as string[],
    tools: [] as string[],
    script: 'check.mjs',
    found: NO_DOM,
  },
  // A CommonJS server bundle: Node 20.19 and later require() ES modules.
  "Node's require() from a CommonJS server": {
    preload: [],
    tools: [],
    script: 'check.cjs',
    found: NO_DOM,
  },
  // The CLI's `--ssr` server bundle loads @angular/platform-server/init before the app.
  "Angular's server, with Domino's HTMLElement and no customElements": {
    preload: ['--import', '@angular/platform-server/init'],
    tools: ['@angular/platform-server'],
    script: 'check.mjs',
    found: { ...NO_DOM, HTMLElement: 'function' },
  },
};

describe('every entry of the package on a server', () => {
  for (const [server, { preload, tools, script, found }] of Object.entries(SERVERS)) {
    it(`${server}: each entry imports alone, registers nothing, and configure() works`, {
      timeout: 120_000,
    }, async () => {
      const appDir = await app(`entries-${Object.keys(SERVERS).indexOf(server)}`, tools, {});
      const manifest = JSON.parse(
        await readFile(`${appDir}/node_modules/${packed.name}/package.json`, 'utf8'),
      ) as { exports: Record<string, string | { default?: string }> };
      const entries = Object.entries(manifest.exports)
        .filter(([, target]) => typeof target === 'object' && target.default?.endsWith('.js'))
        .map(([subpath]) => `${packed.name}${subpath.slice(1)}`);
      expect(entries).toContain(packed.name);
      expect(entries.length).toBeGreaterThan(8);
      await writeApp(appDir, {
        'check.mjs': checkScript('import'),
        'check.cjs': checkScript('require'),
      });
      // One process per entry: an app that imports one element loads nothing else first.
      for (const entry of entries) {
        const result = spawnSync(process.execPath, [...preload, script, entry], {
          cwd: appDir,
          encoding: 'utf8',
        });
        expect(result.stderr, entry).toBe('');
        expect(result.status, entry).toBe(0);
        // Nothing added to the server's globals: frameworks tell server from browser by them.
        expect(JSON.parse(result.stdout), entry).toEqual({ before: found, after: found });
      }
    });
  }
});
