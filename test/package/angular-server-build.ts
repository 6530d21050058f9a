/**
 * What `ng build --ssr` does to an app's components, without the CLI's
 * builder (@angular/build, whose esbuild, Vite 7, Sass and Rolldown would
 * weigh more than the rest of the Angular packages together): ngc compiles
 * the app ahead of time with strict template checking, as the CLI does, and
 * Vite bundles the server entry with every dependency inside it (the CLI
 * bundles node_modules into its server bundle too), running Angular's linker
 * over Angular's own partially compiled packages as the CLI's bundler does, so
 * that no JIT compiler is needed at run time (docs/widgets.md, "Frameworks").
 */
import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { build, type Plugin } from 'vite';
import { ROOT } from './scratch-app.js';

const require = createRequire(import.meta.url);

interface Babel {
  transformAsync(
    code: string,
    options: Record<string, unknown>,
  ): Promise<{ code?: string | null } | null>;
}

/** @babel/core, which @angular/compiler-cli brings; its types are not installed. */
const babel = require('@babel/core') as Babel;

/** The tsconfig of an Angular CLI app (`ng new`), strict templates on. */
export const ANGULAR_TSCONFIG = `${JSON.stringify(
  {
    compilerOptions: {
      strict: true,
      noImplicitOverride: true,
      noPropertyAccessFromIndexSignature: true,
      noImplicitReturns: true,
      noFallthroughCasesInSwitch: true,
      skipLibCheck: true,
      isolatedModules: true,
      experimentalDecorators: true,
      importHelpers: false,
      target: 'ES2022',
      module: 'preserve',
      moduleResolution: 'bundler',
      lib: ['ES2022', 'DOM'],
      types: [],
      rootDir: 'src',
      outDir: 'out',
    },
    angularCompilerOptions: {
      strictInjectionParameters: true,
      strictInputAccessModifiers: true,
      strictTemplates: true,
    },
    files: ['src/main.server.ts'],
  },
  null,
  2,
)}\n`;

/** Angular's linker turns the packages' `ɵɵngDeclare…` calls into AOT definitions. */
async function angularLinker(): Promise<Plugin> {
  const { default: linker } = (await import('@angular/compiler-cli/linker/babel')) as {
    default: unknown;
  };
  return {
    name: 'angular-linker',
    async transform(code, id) {
      if (!/[\\/]@angular[\\/]/.test(id) || !code.includes('ɵɵngDeclare')) return null;
      const linked = await babel.transformAsync(code, {
        filename: id,
        configFile: false,
        babelrc: false,
        sourceMaps: false,
        plugins: [linker],
      });
      return linked?.code ? { code: linked.code, map: null } : null;
    },
  };
}

/**
 * Compiles `<appDir>/src/main.server.ts` with ngc (the app's tsconfig.json)
 * and bundles it to `<appDir>/dist/server.mjs` and its chunks; throws with
 * ngc's diagnostics when the templates do not type-check. Answers the
 * bundle's code, chunks included.
 */
export async function buildAngularServer(appDir: string): Promise<string> {
  const ngc = `${ROOT}node_modules/@angular/compiler-cli/bundles/src/bin/ngc.js`;
  const compiled = spawnSync(process.execPath, [ngc, '-p', `${appDir}/tsconfig.json`], {
    cwd: appDir,
    encoding: 'utf8',
  });
  if (compiled.status !== 0) {
    throw new Error(`ngc failed (${compiled.status}):\n${compiled.stdout}\n${compiled.stderr}`);
  }
  await build({
    root: appDir,
    configFile: false,
    envDir: appDir,
    logLevel: 'error',
    mode: 'production',
    // As the CLI's production build defines them: no development checks, no JIT compiler.
    define: { ngDevMode: 'false', ngJitMode: 'false' },
    plugins: [await angularLinker()],
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: `${appDir}/out/main.server.js`,
      outDir: `${appDir}/dist`,
      emptyOutDir: true,
      rollupOptions: { output: { entryFileNames: 'server.mjs' } },
    },
  });
  const files = await readdir(`${appDir}/dist`, { recursive: true });
  const code = files
    .filter((file) => /\.m?js$/.test(file))
    .map((file) => readFile(`${appDir}/dist/${file}`, 'utf8'));
  return (await Promise.all(code)).join('\n');
}
