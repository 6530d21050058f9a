/**
 * `npm run sheets:create|looker:create` and `npm run sheets:push|looker:push`:
 * the clasp steps of docs/sheets.md and docs/looker-studio.md.
 *
 * Both steps first look for a clasp login (`npx clasp login` writes
 * ~/.clasprc.json): without one, clasp would spend seconds to say only "No
 * credentials found." and leave the project file behind.
 *
 * create: writes the product's clasp project file (`.clasp.json` for the
 * add-on, `.clasp-looker.json` for the connector; neither is tracked) with its
 * rootDir, then lets `clasp create` fill in the new script's id. Each product
 * has its own file, so creating one never trips over the other's
 * ("Project file already exists.").
 *
 * push: refuses without AIVIS_SERVICE_URL (a build for the placeholder
 * address can reach nothing), runs the product's and the core's tests only,
 * builds the product and pushes it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serviceSetting } from './settings.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'node_modules', '.bin');

export interface ClaspProduct {
  label: string;
  /** Title of the Apps Script project `clasp create` makes. */
  title: string;
  /** The clasp project file, relative to where the command runs (the repository). */
  config: string;
  rootDir: string;
  /** `npm run <build>` writes rootDir. */
  build: string;
  /** Test folders run before a push: the product's own and the core's. */
  tests: readonly string[];
}

export const CLASP_PRODUCTS = {
  sheets: {
    label: 'Google Sheets add-on',
    title: 'AI Visibility',
    config: '.clasp.json',
    rootDir: 'dist/apps-script',
    build: 'build:apps-script',
    tests: ['test/apps-script', 'test/shared'],
  },
  looker: {
    label: 'Looker Studio connector',
    title: 'AI Visibility for Looker Studio',
    config: '.clasp-looker.json',
    rootDir: 'dist/looker-studio',
    build: 'build:looker-studio',
    tests: ['test/looker-studio', 'test/shared'],
  },
} as const satisfies Record<string, ClaspProduct>;

export type ClaspProductName = keyof typeof CLASP_PRODUCTS;

/** One command of a plan: a program from node_modules/.bin (or npm) and its arguments. */
export interface Step {
  program: string;
  args: string[];
}

export class ClaspStepError extends Error {}

function scriptIdOf(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as { scriptId?: unknown };
    return typeof parsed.scriptId === 'string' && parsed.scriptId !== ''
      ? parsed.scriptId
      : undefined;
  } catch {
    throw new ClaspStepError(`${path} is not JSON; delete it and run the create step again.`);
  }
}

/**
 * Where clasp reads its login: `--auth`'s environment variable (a file, or a
 * folder holding .clasprc.json), else ~/.clasprc.json.
 */
function claspAuthFile(env: Record<string, string | undefined>): string {
  const configured = env.clasp_config_auth;
  if (configured) {
    return existsSync(configured) && statSync(configured).isDirectory()
      ? join(configured, '.clasprc.json')
      : configured;
  }
  return join(env.HOME || env.USERPROFILE || homedir(), '.clasprc.json');
}

/** True when clasp's credentials file holds a login (its current or its older format); reads only the keys. */
export function hasClaspLogin(env: Record<string, string | undefined>): boolean {
  const path = claspAuthFile(env);
  if (!existsSync(path)) return false;
  try {
    const store = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    const tokens = store.tokens;
    const current =
      typeof tokens === 'object' && tokens !== null && Object.values(tokens).some(Boolean);
    return current || Boolean(store.access_token) || Boolean(store.token);
  } catch {
    return false;
  }
}

function requireClaspLogin(
  name: ClaspProductName,
  action: 'create' | 'push',
  env: Record<string, string | undefined>,
): void {
  if (!hasClaspLogin(env)) {
    throw new ClaspStepError(
      `clasp has no Google login on this machine: run \`npx clasp login\` first (a browser window asks for your Google account), then npm run ${name}:${action} again.`,
    );
  }
}

/** The create step: checks the clasp login, writes the project file's template (when missing) and returns clasp's command. */
export function createPlan(
  name: ClaspProductName,
  cwd: string,
  env: Record<string, string | undefined> = process.env,
): Step[] {
  const product = CLASP_PRODUCTS[name];
  const path = join(cwd, product.config);
  if (scriptIdOf(path) !== undefined) {
    throw new ClaspStepError(
      `${product.config} already names a script for the ${product.label}; push with npm run ${name}:push. To start over, delete ${product.config} first.`,
    );
  }
  requireClaspLogin(name, 'create', env);
  writeFileSync(path, `${JSON.stringify({ rootDir: product.rootDir }, null, 2)}\n`);
  return [
    {
      program: 'clasp',
      args: [
        '--project',
        product.config,
        'create',
        '--type',
        'standalone',
        '--title',
        product.title,
        '--rootDir',
        product.rootDir,
      ],
    },
  ];
}

/** The push steps: the product's and the core's tests, its build, clasp push. Throws what is missing. */
export function pushPlan(
  name: ClaspProductName,
  cwd: string,
  env: Record<string, string | undefined>,
): Step[] {
  const product = CLASP_PRODUCTS[name];
  if ((env.AIVIS_SERVICE_URL ?? '').trim() === '') {
    throw new ClaspStepError(
      `AIVIS_SERVICE_URL is not set. The ${product.label} may call only that address, so a build without it can reach nothing: AIVIS_SERVICE_URL=https://your-service.example npm run ${name}:push`,
    );
  }
  try {
    serviceSetting(env.AIVIS_SERVICE_URL);
  } catch (error) {
    throw new ClaspStepError((error as Error).message);
  }
  if (scriptIdOf(join(cwd, product.config)) === undefined) {
    throw new ClaspStepError(
      `${product.config} names no script yet: run npm run ${name}:create (after npx clasp login) first.`,
    );
  }
  requireClaspLogin(name, 'push', env);
  return [
    { program: 'vitest', args: ['run', ...product.tests] },
    { program: 'npm', args: ['run', product.build] },
    { program: 'clasp', args: ['--project', product.config, 'push'] },
  ];
}

/** Runs the steps in order; the first that fails ends the run with its exit code. */
export function runSteps(
  steps: readonly Step[],
  options: { cwd: string; env: NodeJS.ProcessEnv; stdio?: 'inherit' | 'pipe' },
): { status: number; output: string } {
  let output = '';
  for (const step of steps) {
    const program = step.program === 'npm' ? 'npm' : join(BIN, step.program);
    const result = spawnSync(program, step.args, {
      cwd: options.cwd,
      env: options.env,
      stdio: options.stdio ?? 'inherit',
      encoding: 'utf8',
    });
    output += `${result.stdout ?? ''}${result.stderr ?? ''}`;
    if (result.status !== 0) return { status: result.status ?? 1, output };
  }
  return { status: 0, output };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [action, name] = process.argv.slice(2);
  if ((action !== 'create' && action !== 'push') || !(name === 'sheets' || name === 'looker')) {
    console.error(
      'usage: tsx scripts/apps-script-bundle/clasp-project.ts create|push sheets|looker',
    );
    process.exit(2);
  }
  try {
    const cwd = process.cwd();
    const steps =
      action === 'create' ? createPlan(name, cwd, process.env) : pushPlan(name, cwd, process.env);
    process.exit(runSteps(steps, { cwd, env: process.env }).status);
  } catch (error) {
    if (!(error instanceof ClaspStepError)) throw error;
    console.error(`npm run ${name}:${action}: ${error.message}`);
    process.exit(2);
  }
}
