/**
 * A fresh project next to nothing: packs dist/widget with npm, unpacks the
 * tarball into a scratch app's node_modules as npm would (its dependencies,
 * and the app's own tools, linked from this repository's node_modules, so no
 * network is needed), builds the app with Vite and type-checks it with tsc.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const WIDGET_DIST = `${ROOT}dist/widget`;

export interface PackedFile {
  path: string;
  size: number;
}

export interface Packed {
  tarball: string;
  name: string;
  version: string;
  /** Bytes of the .tgz. */
  size: number;
  unpackedSize: number;
  files: PackedFile[];
}

export function requirePackage(): void {
  if (!existsSync(`${WIDGET_DIST}/package.json`)) {
    throw new Error(
      `${WIDGET_DIST}/package.json is missing: run \`npm run build:widget\` first (npm test builds it before vitest runs).`,
    );
  }
}

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result.stdout;
}

/** `npm pack dist/widget` into `destination`. */
export function packWidgets(destination: string): Packed {
  requirePackage();
  const output = run(
    'npm',
    ['pack', WIDGET_DIST, '--pack-destination', destination, '--json', '--ignore-scripts'],
    destination,
  );
  const [report] = JSON.parse(output) as Array<Omit<Packed, 'tarball'> & { filename: string }>;
  if (!report) throw new Error('npm pack reported nothing');
  return { ...report, tarball: join(destination, report.filename) };
}

async function link(appDir: string, name: string): Promise<void> {
  const source = `${ROOT}node_modules/${name}`;
  if (!existsSync(source)) throw new Error(`${name} is not installed in the repository`);
  const target = `${appDir}/node_modules/${name}`;
  await mkdir(dirname(target), { recursive: true });
  await symlink(source, target, 'dir');
}

/**
 * Unpacks the tarball to node_modules/<name> (npm's tarballs hold a `package/`
 * folder) and links each of its dependencies and each of `tools` from the
 * repository, after checking that the repository has the version it asks for.
 */
export async function installTarball(
  appDir: string,
  packed: Packed,
  tools: readonly string[],
): Promise<void> {
  const target = `${appDir}/node_modules/${packed.name}`;
  await mkdir(target, { recursive: true });
  run('tar', ['-xzf', packed.tarball, '-C', target, '--strip-components=1'], appDir);
  const manifest = JSON.parse(await readFile(`${target}/package.json`, 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  for (const [name, wanted] of Object.entries(manifest.dependencies ?? {})) {
    const installed = JSON.parse(
      await readFile(`${ROOT}node_modules/${name}/package.json`, 'utf8'),
    ) as { version: string };
    if (installed.version !== wanted) {
      throw new Error(
        `${packed.name} wants ${name}@${wanted}; the repository has ${installed.version}`,
      );
    }
    await link(appDir, name);
  }
  for (const tool of tools) await link(appDir, tool);
}

/** Writes files (path relative to the app -> text). */
export async function writeApp(appDir: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(appDir, path)), { recursive: true });
    await writeFile(join(appDir, path), text);
  }
}

/** A production build with Vite's JS API, as `vite build` would do in the app (relative base). */
export async function buildApp(appDir: string): Promise<string> {
  const outDir = `${appDir}/dist`;
  await build({
    root: appDir,
    configFile: false,
    envDir: appDir,
    logLevel: 'warn',
    mode: 'production',
    base: './',
    // React's entry picks its production build from NODE_ENV, which vitest sets to 'test'.
    define: { 'process.env.NODE_ENV': '"production"' },
    // and Vite's JSX transform its development mode likewise.
    oxc: { jsx: { runtime: 'automatic', development: false } },
    build: { outDir, emptyOutDir: true, reportCompressedSize: false },
  });
  return outDir;
}

/** tsc --noEmit -p <app>/tsconfig.json with the repository's TypeScript; returns its diagnostics. */
export function typecheckApp(appDir: string): { ok: boolean; output: string } {
  const result = spawnSync(
    process.execPath,
    [`${ROOT}node_modules/typescript/bin/tsc`, '--noEmit', '-p', `${appDir}/tsconfig.json`],
    { cwd: appDir, encoding: 'utf8' },
  );
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

/** A strict tsconfig like the one `npm create vite` writes, without skipLibCheck. */
export function appTsconfig(jsx: boolean): string {
  return `${JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'bundler',
        types: ['vite/client'],
        strict: true,
        noEmit: true,
        isolatedModules: true,
        verbatimModuleSyntax: true,
        skipLibCheck: false,
        ...(jsx ? { jsx: 'react-jsx' } : {}),
      },
      include: ['src'],
    },
    null,
    2,
  )}\n`;
}
