/**
 * The pieces that turn dist/widget into the npm package: the package.json it
 * derives, the React typings it generates from custom-elements.json, and the
 * type imports it finds in the declarations.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type CustomElementsManifest,
  frameworkDeclarations,
} from '../../scripts/framework-typings.js';
import {
  declarationImports,
  packageOfSpecifier,
  widgetPackageJson,
} from '../../scripts/widget-package.js';

const BUILD = {
  bundleFile: 'aivis-widgets.js',
  standaloneEntries: { 'aivis-action-plan': 'widget/action-plan/action-plan.ts' },
  configureEntry: 'widget/configure.ts',
};

describe('widgetPackageJson', () => {
  it('takes the version from the root and pins the packages the declarations import types from', () => {
    const pkg = widgetPackageJson({
      root: { version: '2.3.4', dependencies: { lit: '3.3.3', zod: '4.6.7', unused: '1.0.0' } },
      ...BUILD,
      declarationImports: ['lit', 'zod/mini', 'lit-html'],
      installedVersion: (name) => (name === 'lit-html' ? '3.3.1' : undefined),
    });
    expect(pkg.version).toBe('2.3.4');
    // The chunks the bundle loads later ship beside it.
    expect(pkg.files).toEqual(expect.arrayContaining(['aivis-widgets.js', 'aivis-widgets.*.js']));
    expect(pkg.dependencies).toEqual({ lit: '3.3.3', 'lit-html': '3.3.1', zod: '4.6.7' });
    expect(pkg.exports).toMatchObject({
      '.': { types: './types/widget/index.d.ts', default: './aivis-widgets.js' },
      './aivis-action-plan': {
        types: './types/widget/action-plan/action-plan.d.ts',
        default: './standalone/aivis-action-plan.js',
      },
    });
  });

  it('points a subpath, an older-resolution path and an optional peer at each framework typings file', () => {
    const pkg = widgetPackageJson({
      root: { version: '1.0.0' },
      ...BUILD,
      declarationImports: [],
      installedVersion: () => undefined,
    });
    for (const [subpath, peer] of [
      ['react', '@types/react'],
      ['vue', 'vue'],
      ['svelte', 'svelte'],
      ['preact', 'preact'],
      ['solid', 'solid-js'],
    ] as const) {
      expect(pkg.exports).toMatchObject({ [`./${subpath}`]: { types: `./${subpath}.d.ts` } });
      expect(pkg.typesVersions).toMatchObject({ '*': { [subpath]: [`${subpath}.d.ts`] } });
      expect(pkg.files).toContain(`${subpath}.d.ts`);
      expect(pkg.peerDependenciesMeta).toMatchObject({ [peer]: { optional: true } });
      expect(Object.keys(pkg.peerDependencies as object)).toContain(peer);
    }
  });

  it('refuses a declaration import it cannot give a version', () => {
    expect(() =>
      widgetPackageJson({
        root: { version: '1.0.0' },
        ...BUILD,
        declarationImports: ['@lit/task'],
        installedVersion: () => undefined,
      }),
    ).toThrow(/'@lit\/task'/);
  });

  it('names the package of a specifier', () => {
    expect(packageOfSpecifier('zod/mini')).toBe('zod');
    expect(packageOfSpecifier('@lit/task')).toBe('@lit/task');
    expect(packageOfSpecifier('@lit/context/lib/x.js')).toBe('@lit/context');
  });
});

describe('frameworkDeclarations for React', () => {
  const manifest: CustomElementsManifest = {
    modules: [
      {
        declarations: [
          { kind: 'class', name: 'AivisElement', attributes: [{ name: 'project' }] },
          {
            kind: 'class',
            name: 'AivisRanking',
            tagName: 'aivis-ranking',
            customElement: true,
            attributes: [
              { name: 'project', fieldName: 'project' },
              { name: 'include-highlights', fieldName: 'includeHighlights' },
            ],
            events: [{ name: 'aivis-load' }, { name: 'aivis-load' }],
          },
        ],
      },
    ],
  };
  const text = frameworkDeclarations(
    'react',
    manifest,
    '@aivis/widgets',
    'types/widget/index.d.ts',
  );

  it('types each element by its class, its dashed attributes as strings and its events from the event map', () => {
    expect(text).toContain(
      "'aivis-ranking': ElementProps<AivisRanking, 'project' | 'includeHighlights'>",
    );
    expect(text).toContain("'include-highlights'?: string | boolean | undefined;");
    expect(text.match(/'onaivis-load'\?: \(event: EventOf<'aivis-load'>\) => void;/g)).toHaveLength(
      1,
    );
    expect(text).toContain("import type { AivisRanking } from './types/widget/index.js';");
    expect(text).not.toContain('AivisElement');
  });

  it('refuses a manifest without custom elements', () => {
    expect(() => frameworkDeclarations('react', { modules: [] }, 'pkg', 'index.d.ts')).toThrow(
      /no custom element/,
    );
  });
});

describe('declarationImports', () => {
  it('finds bare imports and import() types, not relative ones', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'aivis-dts-'));
    try {
      await writeFile(
        join(dir, 'a.d.ts'),
        `import { LitElement } from 'lit';\nimport type { X } from './x.js';\nexport declare const t: import("lit-html").TemplateResult;\nexport declare const r: import("./rules.js").Rule;\n`,
      );
      await writeFile(join(dir, 'b.js'), `import 'ignored';\n`);
      expect(await declarationImports(dir)).toEqual(['lit', 'lit-html']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
