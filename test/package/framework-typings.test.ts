/**
 * The package's template typings, checked as each framework's users check
 * them: the packed tarball installed into one scratch app per framework whose
 * component is docs/widgets.md's own snippet, and whose second component uses
 * a property the elements do not have and an event handler of the wrong type.
 * The framework's checker (vue-tsc with strictTemplates, svelte-check, tsc with
 * the framework's jsxImportSource) must say nothing about the snippet and
 * reject exactly those two lines, naming what is wrong.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgetSnippet } from '../browser/readme-snippets.js';
import {
  appTsconfig,
  installTarball,
  invalidPeers,
  type Packed,
  packWidgets,
  ROOT,
  type Tool,
  writeApp,
} from './scratch-app.js';

interface Diagnostic {
  file: string;
  line: number;
  message: string;
}

interface FrameworkApp {
  /** The snippet's fence language and a text only its block holds, in docs/widgets.md. */
  snippet: [lang: string, marker: string];
  /** Where the snippet and the wrong use go in the app. */
  files: { snippet: string; wrong: string };
  /**
   * The wrong use; its first line with `projekt`, its line with `CustomEvent<number>` and its
   * line with `audience="ceo"` must fail, and its line with numbers must pass.
   */
  wrong: string;
  /** Other files of the app (tsconfig, .d.ts). */
  setup: Record<string, string>;
  /** Packages the app needs, linked from the repository (an alias for another version). */
  tools: Tool[];
  /** The package whose types the typings augment: an optional peer of ours. */
  peer: string;
  /** Runs the framework's checker in the app; its diagnostics. */
  check: (appDir: string) => { status: number | null; diagnostics: Diagnostic[]; output: string };
}

/** A strict app tsconfig (scratch-app.ts's) without Vite's types, plus the framework's own options. */
function tsconfig(compilerOptions: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const base = JSON.parse(appTsconfig(false)) as {
    compilerOptions: Record<string, unknown>;
    include: string[];
  };
  delete base.compilerOptions.types;
  return `${JSON.stringify(
    { ...base, ...extra, compilerOptions: { ...base.compilerOptions, ...compilerOptions } },
    null,
    2,
  )}\n`;
}

function run(appDir: string, args: string[]) {
  const result = spawnSync(process.execPath, args, { cwd: appDir, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** `src/Wrong.tsx(2,42): error TS2322: ...` and the indented lines that continue it. */
function tscDiagnostics(output: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const line of output.split('\n')) {
    const start = /^(\S.*?)\((\d+),\d+\): error (.*)$/.exec(line);
    if (start) diagnostics.push({ file: start[1]!, line: Number(start[2]), message: start[3]! });
    else if (/^\s/.test(line) && diagnostics.length) diagnostics.at(-1)!.message += `\n${line}`;
  }
  return diagnostics;
}

/** svelte-check's machine output: `<time> ERROR "src/Wrong.svelte" 5:25 "message"`. */
function svelteDiagnostics(output: string): Diagnostic[] {
  return [...output.matchAll(/^\d+ (?:ERROR|WARNING) "([^"]+)" (\d+):\d+ (".*")$/gm)].map(
    (match) => ({
      file: match[1]!,
      line: Number(match[2]),
      message: JSON.parse(match[3]!) as string,
    }),
  );
}

const tsc = (appDir: string) => {
  const result = run(appDir, [
    `${ROOT}node_modules/typescript/bin/tsc`,
    '--noEmit',
    '-p',
    'tsconfig.json',
  ]);
  return { ...result, diagnostics: tscDiagnostics(result.output) };
};

/** The same wrong use in JSX, with the framework's event attribute. */
const wrongJsx = (
  typings: string,
  eventAttribute: string,
) => `import type {} from '@aivis/widgets/${typings}';
export const unknownProperty = <aivis-visibility-score projekt="1001" />;
export const wrongHandler = (
  <aivis-action-plan project="1001" ${eventAttribute}={(event: CustomEvent<number>) => event.detail.toFixed()} />
);
export const wrongAudience = <aivis-action-plan project={1001} audience="ceo" />;
export const numbers = <aivis-competitor-ranking project={1001} limit={5} highlights-per-platform={2} />;
`;

const FRAMEWORKS: Record<string, FrameworkApp> = {
  react: {
    snippet: ['tsx', '// src/Dashboard.tsx'],
    files: { snippet: 'src/Dashboard.tsx', wrong: 'src/Wrong.tsx' },
    wrong: wrongJsx('react', 'onaivis-load'),
    // As docs/widgets.md says to enable them.
    setup: {
      'tsconfig.json': tsconfig({ jsx: 'react-jsx' }),
      'src/env.d.ts': '/// <reference types="@aivis/widgets/react" />\n',
    },
    tools: ['react', '@types/react', 'csstype'],
    peer: '@types/react',
    check: tsc,
  },
  vue: {
    snippet: ['vue', '@aivis/widgets/vue'],
    files: { snippet: 'src/AivisCards.vue', wrong: 'src/Wrong.vue' },
    wrong: `<script setup lang="ts">
import type {} from '@aivis/widgets/vue';
</script>

<template>
  <aivis-visibility-score projekt="1001" />
  <aivis-action-plan project="1001" @aivis-load="(event: CustomEvent<number>) => event.detail.toFixed()" />
  <aivis-action-plan :project="1001" audience="ceo" />
  <aivis-competitor-ranking :project="1001" :limit="5" :highlights-per-platform="2" />
</template>
`,
    setup: {
      'tsconfig.json': tsconfig(
        { jsx: 'preserve' },
        {
          vueCompilerOptions: { strictTemplates: true },
          include: ['src/**/*.ts', 'src/**/*.vue'],
        },
      ),
    },
    tools: ['vue'],
    peer: 'vue',
    check: (appDir) => {
      const result = run(appDir, [
        `${ROOT}node_modules/vue-tsc/bin/vue-tsc.js`,
        '--noEmit',
        '-p',
        'tsconfig.json',
      ]);
      return { ...result, diagnostics: tscDiagnostics(result.output) };
    },
  },
  svelte: {
    snippet: ['svelte', '@aivis/widgets/svelte'],
    files: { snippet: 'src/AivisCards.svelte', wrong: 'src/Wrong.svelte' },
    wrong: `<script lang="ts">
  import type {} from '@aivis/widgets/svelte';
</script>

<aivis-visibility-score projekt="1001"></aivis-visibility-score>
<aivis-action-plan project="1001" onaivis-load={(event: CustomEvent<number>) => event.detail.toFixed()}></aivis-action-plan>
<aivis-action-plan project={1001} audience="ceo"></aivis-action-plan>
<aivis-competitor-ranking project={1001} limit={5} highlights-per-platform={2}></aivis-competitor-ranking>
`,
    setup: {
      'tsconfig.json': tsconfig({}, { include: ['src/**/*.ts', 'src/**/*.svelte'] }),
    },
    tools: ['svelte'],
    peer: 'svelte',
    check: (appDir) => {
      const result = run(appDir, [
        `${ROOT}node_modules/svelte-check/bin/svelte-check`,
        '--tsconfig',
        './tsconfig.json',
        '--output',
        'machine',
        '--fail-on-warnings',
      ]);
      return { ...result, diagnostics: svelteDiagnostics(result.output) };
    },
  },
  preact: {
    snippet: ['tsx', '@aivis/widgets/preact'],
    files: { snippet: 'src/AivisCards.tsx', wrong: 'src/Wrong.tsx' },
    wrong: wrongJsx('preact', 'onaivis-load'),
    setup: { 'tsconfig.json': tsconfig({ jsx: 'react-jsx', jsxImportSource: 'preact' }) },
    tools: ['preact'],
    peer: 'preact',
    check: tsc,
  },
  solid: {
    snippet: ['tsx', '@aivis/widgets/solid'],
    files: { snippet: 'src/AivisCards.tsx', wrong: 'src/Wrong.tsx' },
    wrong: wrongJsx('solid', 'on:aivis-load'),
    setup: { 'tsconfig.json': tsconfig({ jsx: 'preserve', jsxImportSource: 'solid-js' }) },
    tools: ['solid-js'],
    peer: 'solid-js',
    check: tsc,
  },
};

/**
 * Apps of the frameworks' previous major as their starters come today: Vite's
 * Preact starter (Preact 10) and a React 18 app (@types/react 18), with the
 * repository's aliases of those versions (docs/contributing.md).
 */
const STARTERS: Record<string, FrameworkApp> = {
  'preact-10': { ...FRAMEWORKS.preact!, tools: [['preact', 'preact-10']] },
  'react-types-18': {
    ...FRAMEWORKS.react!,
    tools: ['react', ['@types/react', '@types/react-18'], 'csstype', '@types/prop-types'],
  },
};

let scratch: string;
let packed: Packed;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'aivis-typings-'));
  packed = packWidgets(scratch);
});

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** 1-based number of the first line of `text` containing `needle`. */
const lineOf = (text: string, needle: string) =>
  text.split('\n').findIndex((line) => line.includes(needle)) + 1;

describe('the package typings, checked by each framework', () => {
  for (const [name, app] of Object.entries({ ...FRAMEWORKS, ...STARTERS })) {
    it(`${name}: accepts docs/widgets.md's snippet and numbers, rejects an unknown property, a value the rule refuses and a wrong event handler`, {
      timeout: 240_000,
    }, async () => {
      const appDir = join(scratch, `${name}-app`);
      const snippet = widgetSnippet(...app.snippet);
      // The snippet shows what a user needs: the load event's data.
      expect(snippet).toContain('event.detail.data');
      await writeApp(appDir, {
        'package.json': `${JSON.stringify({ name: `${name}-app`, private: true, type: 'module', dependencies: { [packed.name]: `file:../${basename(packed.tarball)}` } }, null, 2)}\n`,
        ...app.setup,
        [app.files.snippet]: snippet,
        [app.files.wrong]: app.wrong,
      });
      await installTarball(appDir, packed, app.tools);
      // npm would install the package beside this version of the framework.
      const peers = await invalidPeers(appDir, packed.name, [app.peer]);
      expect(Object.keys(peers.installed)).toEqual([app.peer]);
      expect(peers.invalid, peers.output).toEqual([]);

      const checked = app.check(appDir);
      const wrongFile = app.files.wrong;
      expect(checked.status, checked.output).not.toBe(0);
      // Nothing about the snippet (or anything else): only the two wrong lines.
      expect(checked.diagnostics.length, checked.output).toBeGreaterThan(0);
      expect(
        checked.diagnostics.map((diagnostic) => `${diagnostic.file}:${diagnostic.line}`).sort(),
        checked.output,
      ).toEqual(
        [
          `${wrongFile}:${lineOf(app.wrong, 'projekt')}`,
          `${wrongFile}:${lineOf(app.wrong, 'CustomEvent<number>')}`,
          `${wrongFile}:${lineOf(app.wrong, 'ceo')}`,
        ].sort(),
      );
      const about = (needle: string) =>
        checked.diagnostics.find((diagnostic) => diagnostic.line === lineOf(app.wrong, needle))!
          .message;
      expect(about('projekt')).toContain('projekt');
      // The element's rule, read from the endpoint table: the allowed audiences.
      expect(about('ceo')).toMatch(/"ceo"|'ceo'/);
      expect(about('ceo')).toMatch(/marketing/);
      // The handler is refused because the event's detail is the package's load detail.
      expect(about('CustomEvent<number>')).toMatch(
        /AivisLoadDetail.* is not assignable to type 'number'/s,
      );
    });
  }
});

interface ManifestEvent {
  name: string;
  type?: { text: string; references?: Array<{ name: string; package?: string }> };
}

describe("custom-elements.json's events", () => {
  it('each carries a type naming only types the package exports, the same type as HTMLElementEventMap', {
    timeout: 120_000,
  }, async () => {
    const appDir = join(scratch, 'manifest-app');
    await writeApp(appDir, {
      'package.json': `${JSON.stringify({ name: 'manifest-app', private: true, type: 'module' }, null, 2)}\n`,
      'tsconfig.json': tsconfig({}),
    });
    await installTarball(appDir, packed, []);
    const manifest = JSON.parse(
      await readFile(`${appDir}/node_modules/${packed.name}/custom-elements.json`, 'utf8'),
    ) as { modules: Array<{ declarations?: Array<{ name: string; events?: ManifestEvent[] }> }> };
    const events = manifest.modules
      .flatMap((module) => module.declarations ?? [])
      .flatMap((declaration) =>
        (declaration.events ?? []).map((event) => ({ ...event, of: declaration.name })),
      );
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(event.type?.text, `${event.of} ${event.name}`).toBeTruthy();
      expect(event.type!.text).not.toMatch(/\b(?:never|any|unknown)\b/);
      expect(event.type!.references?.length, `${event.of} ${event.name}`).toBeGreaterThan(0);
      for (const reference of event.type!.references!) expect(reference.package).toBe(packed.name);
    }
    // What a manifest-driven generator writes: an import of the referenced names from the
    // package and the type's text. tsc must resolve them, and each must be the very type
    // the declarations put in HTMLElementEventMap (assignable both ways).
    const distinct = [...new Map(events.map((event) => [event.name, event.type!])).entries()];
    const names = [...new Set(distinct.flatMap(([, type]) => type.references!.map((r) => r.name)))];
    await writeApp(appDir, {
      'src/generated.ts': `import type { ${names.join(', ')} } from '${packed.name}';
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
${distinct
  .map(
    ([name, type], index) =>
      `export const same${index}: Same<${type.text}, HTMLElementEventMap['${name}']> = true;`,
  )
  .join('\n')}
`,
    });
    const checked = tsc(appDir);
    expect(checked.output).toBe('');
    expect(checked.status).toBe(0);
  });
});
