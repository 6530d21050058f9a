/**
 * The clasp steps of docs/sheets.md and docs/looker-studio.md, run as a user
 * runs them, offline: the repository tracks no clasp project file, each
 * product's create step reaches clasp's login check (the first thing that
 * needs Google) whichever product comes first, and a push refuses without
 * AIVIS_SERVICE_URL and runs only its product's and the core's tests.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CLASP_PRODUCTS,
  ClaspStepError,
  createPlan,
  pushPlan,
  runSteps,
} from '../../scripts/apps-script-bundle/clasp-project.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};
const PAGES = { sheets: 'docs/sheets.md', looker: 'docs/looker-studio.md' } as const;

let scratch: string | undefined;
afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

/** A directory like a fresh clone's root, and a HOME where clasp has no credentials. */
function freshCheckout(): { cwd: string; env: NodeJS.ProcessEnv } {
  scratch = mkdtempSync(join(tmpdir(), 'aivis-clasp-'));
  const home = join(scratch, 'home');
  mkdirSync(home);
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, USERPROFILE: home };
  delete env.clasp_config_project;
  delete env.clasp_config_auth;
  return { cwd: scratch, env };
}

/**
 * A login clasp's credential store recognises but Google would refuse: clasp gets past
 * its argument and project-file checks and stops at the first call that needs Google.
 */
function logIn(env: NodeJS.ProcessEnv): void {
  writeFileSync(
    join(env.HOME as string, '.clasprc.json'),
    JSON.stringify({ tokens: { default: { type: 'authorized_user', refresh_token: 'x' } } }),
  );
}

describe('clasp install steps', () => {
  // clasp starts in seconds on an idle machine; two runs of it share a busy one.
  it('the repository tracks no clasp project file', () => {
    const tracked = execFileSync('git', ['ls-files', '.clasp.json', '.clasp-looker.json'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(tracked.trim()).toBe('');
  });

  it('the docs give create before push, through the npm scripts that run these steps', () => {
    for (const [name, page] of Object.entries(PAGES)) {
      const text = readFileSync(join(ROOT, page), 'utf8');
      const create = text.indexOf(`npm run ${name}:create`);
      const push = text.indexOf(`npm run ${name}:push`);
      expect(create, page).toBeGreaterThan(-1);
      expect(push, page).toBeGreaterThan(create);
      expect(text.indexOf('npx clasp login'), page).toBeLessThan(create);
      expect(text, page).toContain('https://script.google.com/home/usersettings');
      expect(PACKAGE.scripts[`${name}:create`]).toBe(
        `tsx scripts/apps-script-bundle/clasp-project.ts create ${name}`,
      );
      expect(PACKAGE.scripts[`${name}:push`]).toBe(
        `tsx scripts/apps-script-bundle/clasp-project.ts push ${name}`,
      );
    }
  });

  it('without a clasp login, create and push say to run npx clasp login first, before clasp, and leave no file', () => {
    const { cwd, env } = freshCheckout();
    for (const name of ['sheets', 'looker'] as const) {
      expect(() => createPlan(name, cwd, env)).toThrow(/run `npx clasp login` first/);
      expect(existsSync(join(cwd, CLASP_PRODUCTS[name].config))).toBe(false);
    }
    writeFileSync(join(cwd, '.clasp.json'), '{"scriptId":"a","rootDir":"dist/apps-script"}');
    expect(() =>
      pushPlan('sheets', cwd, { ...env, AIVIS_SERVICE_URL: 'https://service.example' }),
    ).toThrow(/npx clasp login.*npm run sheets:push again/);
  });

  it('git ignores every clasp project file', () => {
    for (const file of ['.clasp.json', '.clasp-looker.json', '.clasp-other.json']) {
      const ignored = execFileSync('git', ['check-ignore', '--no-index', file], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      expect(ignored.trim()).toBe(file);
    }
  });

  it.each([
    ['sheets', 'looker'],
    ['looker', 'sheets'],
  ] as const)(
    'with a login, create hands clasp flags it accepts, for %s, then for %s',
    (first, second) => {
      const { cwd, env } = freshCheckout();
      logIn(env);
      for (const name of [first, second]) {
        const result = runSteps(createPlan(name, cwd, env), { cwd, env, stdio: 'pipe' });
        expect(result.output).not.toMatch(
          /already exists|Invalid --project|Security Error|unknown option/,
        );
        expect(result.status).not.toBe(0);
        const product = CLASP_PRODUCTS[name];
        expect(JSON.parse(readFileSync(join(cwd, product.config), 'utf8'))).toEqual({
          rootDir: product.rootDir,
        });
      }
    },
    120_000,
  );

  it('create refuses once the project file names a script', () => {
    const { cwd, env } = freshCheckout();
    writeFileSync(join(cwd, '.clasp.json'), '{"scriptId":"abc","rootDir":"dist/apps-script"}');
    expect(() => createPlan('sheets', cwd, env)).toThrow(/already names a script.*sheets:push/);
  });

  it('push refuses without AIVIS_SERVICE_URL, or with an address Apps Script cannot whitelist', () => {
    const { cwd } = freshCheckout();
    for (const product of Object.values(CLASP_PRODUCTS)) {
      writeFileSync(join(cwd, product.config), `{"scriptId":"abc","rootDir":"${product.rootDir}"}`);
    }
    for (const name of ['sheets', 'looker'] as const) {
      expect(() => pushPlan(name, cwd, {})).toThrow(ClaspStepError);
      expect(() => pushPlan(name, cwd, { AIVIS_SERVICE_URL: ' ' })).toThrow(
        /AIVIS_SERVICE_URL is not set/,
      );
      expect(() => pushPlan(name, cwd, { AIVIS_SERVICE_URL: 'http://plain.example' })).toThrow(
        /https/,
      );
    }
  });

  it('push asks for the create step first', () => {
    const { cwd } = freshCheckout();
    expect(() => pushPlan('looker', cwd, { AIVIS_SERVICE_URL: 'https://service.example' })).toThrow(
      /npm run looker:create/,
    );
  });

  it("push runs its product's and the core's tests, builds that product and pushes its project", () => {
    const { cwd, env: home } = freshCheckout();
    logIn(home);
    const env = { HOME: home.HOME, AIVIS_SERVICE_URL: 'https://service.example' };
    writeFileSync(join(cwd, '.clasp.json'), '{"scriptId":"a","rootDir":"dist/apps-script"}');
    writeFileSync(
      join(cwd, '.clasp-looker.json'),
      '{"scriptId":"b","rootDir":"dist/looker-studio"}',
    );
    expect(pushPlan('sheets', cwd, env)).toEqual([
      { program: 'vitest', args: ['run', 'test/apps-script', 'test/shared'] },
      { program: 'npm', args: ['run', 'build:apps-script'] },
      { program: 'clasp', args: ['--project', '.clasp.json', 'push'] },
    ]);
    expect(pushPlan('looker', cwd, env)).toEqual([
      { program: 'vitest', args: ['run', 'test/looker-studio', 'test/shared'] },
      { program: 'npm', args: ['run', 'build:looker-studio'] },
      { program: 'clasp', args: ['--project', '.clasp-looker.json', 'push'] },
    ]);
  });
});
