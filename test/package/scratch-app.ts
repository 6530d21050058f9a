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

/** A package the app gets from the repository: its name, or its name and the folder it is installed as (an alias). */
export type Tool = string | readonly [name: string, installedAs: string];

async function link(appDir: string, name: string, installedAs = name): Promise<void> {
  const source = `${ROOT}node_modules/${installedAs}`;
  if (!existsSync(source)) throw new Error(`${installedAs} is not installed in the repository`);
  const target = `${appDir}/node_modules/${name}`;
  await mkdir(dirname(target), { recursive: true });
  await symlink(source, target, 'dir');
}

/**
 * Unpacks the tarball to node_modules/<name> (npm's tarballs hold a `package/`
 * folder) and links each of its dependencies and each of `tools` from the
 * repository, after checking that the repository has the version it asks for.
 * A tool given as [name, installedAs] is the repository's alias of another
 * version (`['preact', 'preact-10']`), linked under its own name.
 */
export async function installTarball(
  appDir: string,
  packed: Packed,
  tools: readonly Tool[],
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
  for (const tool of tools) {
    if (typeof tool === 'string') await link(appDir, tool);
    else await link(appDir, tool[0], tool[1]);
  }
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

/**
 * npm's own check of the package's peer ranges against the app's installed
 * packages (`npm ls`, offline): the peers of `packageName` that npm calls
 * invalid, as `npm install` would refuse them (ERESOLVE).
 */
export async function invalidPeers(appDir: string, packageName: string, peers: readonly string[]) {
  const installed: Record<string, string> = {};
  for (const peer of peers) {
    const manifest = `${appDir}/node_modules/${peer}/package.json`;
    if (existsSync(manifest)) {
      installed[peer] = (
        JSON.parse(await readFile(manifest, 'utf8')) as { version: string }
      ).version;
    }
  }
  const own = JSON.parse(
    await readFile(`${appDir}/node_modules/${packageName}/package.json`, 'utf8'),
  ) as { version: string };
  // The app's manifest as npm wrote it after `npm install`: the package and the peers at their versions.
  const app = JSON.parse(await readFile(`${appDir}/package.json`, 'utf8')) as Record<
    string,
    unknown
  >;
  await writeFile(
    `${appDir}/package.json`,
    `${JSON.stringify({ ...app, dependencies: { [packageName]: own.version, ...installed } }, null, 2)}\n`,
  );
  // Without the npm_config_* of the `npm`/`npx` that started the tests, which point npm at
  // the repository's own package.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_')),
  );
  const result = spawnSync(
    'npm',
    ['ls', '--json', '--offline', '--prefix', appDir, ...Object.keys(installed)],
    { cwd: appDir, encoding: 'utf8', env },
  );
  // Each node of npm's tree whose version the package's peer range refuses.
  const invalid = new Set<string>();
  const from = `from node_modules/${packageName}`;
  const walk = (dependencies: Record<string, LsNode> | undefined, depth: number): void => {
    if (!dependencies || depth > 3) return;
    for (const [name, node] of Object.entries(dependencies)) {
      if (node.invalid?.includes(from)) invalid.add(name);
      walk(node.dependencies, depth + 1);
    }
  };
  walk((JSON.parse(result.stdout) as LsNode).dependencies, 0);
  return { installed, invalid: [...invalid], output: result.stdout };
}

interface LsNode {
  invalid?: string;
  dependencies?: Record<string, LsNode>;
}
