/**
 * Vitest global setup: the suites that test what users get read the built
 * artifacts in dist/, so a bare `npx vitest run` in a fresh clone builds them
 * first. A build runs only when its output is missing or older than one of
 * its sources, so `npm test` (which builds before vitest) does not build twice.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Bounds the source walk; the repository holds a few hundred files. */
const MAX_SOURCE_FILES = 20_000;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.tsbuild', 'test-artifacts', '.git']);

interface Artifact {
  /** `npm run build:<script>`. */
  script: string;
  /** The file the build writes last-or-alongside everything else; its age is the build's. */
  output: string;
  /** Folders and files whose change makes the output stale. */
  sources: string[];
}

const COMMON = ['shared', 'package.json', 'package-lock.json'];

export const ARTIFACTS: Artifact[] = [
  {
    script: 'widget',
    output: 'dist/widget/aivis-widgets.js',
    sources: [...COMMON, 'widget', 'scripts'],
  },
  {
    script: 'apps-script',
    output: 'dist/apps-script-paste/AIVIS.gs',
    sources: [
      ...COMMON,
      'apps-script',
      'apps-script-platform',
      'scripts/apps-script-bundle',
      'scripts/sheets',
    ],
  },
  {
    script: 'looker-studio',
    output: 'dist/looker-studio/Code.js',
    sources: [
      ...COMMON,
      'looker-studio',
      'apps-script-platform',
      'scripts/apps-script-bundle',
      'scripts/looker-studio',
    ],
  },
  {
    script: 'proxy',
    output: 'dist/proxy/main.js',
    sources: [...COMMON, 'proxy', 'server', 'scripts/proxy', 'scripts/vite-build.ts'],
  },
];

/** The newest modification time under the given paths (0 when none exists). */
export function newestSourceTime(paths: readonly string[]): number {
  let newest = 0;
  let seen = 0;
  const stack = paths.map((path) => join(ROOT, path));
  while (stack.length > 0) {
    const path = stack.pop()!;
    if (!existsSync(path)) continue;
    seen += 1;
    if (seen > MAX_SOURCE_FILES) throw new Error(`more than ${MAX_SOURCE_FILES} source files`);
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (!SKIPPED_FOLDERS.has(entry)) stack.push(join(path, entry));
      }
    } else newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

export function isStale(artifact: Artifact): boolean {
  const output = join(ROOT, artifact.output);
  if (!existsSync(output)) return true;
  return newestSourceTime(artifact.sources) > statSync(output).mtimeMs;
}

export default function buildMissingArtifacts(): void {
  for (const artifact of ARTIFACTS) {
    if (!isStale(artifact)) continue;
    console.log(`global setup: ${artifact.output} is missing or stale, building it`);
    const result = spawnSync('npm', ['run', `build:${artifact.script}`], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (result.status !== 0) {
      throw new Error(`npm run build:${artifact.script} failed (exit ${result.status})`);
    }
  }
}
