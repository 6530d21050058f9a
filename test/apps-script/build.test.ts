/**
 * The shape of the built add-on: what Apps Script and Sheets require of
 * Code.js and appsscript.json, and help text derived from the endpoint table.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { SERVER_FUNCTION_NAMES } from '../../apps-script/src/entry-points.js';
import { CUSTOM_FUNCTION_NAMES, CUSTOM_FUNCTIONS } from '../../apps-script/src/functions.js';
import { buildAppsScript } from '../../scripts/sheets/index.js';
import { ENDPOINTS } from '../../shared/api/endpoints.js';
import { describeRule, type ParamRule } from '../../shared/api/param-rules.js';
import { DIST_DIR } from '../../support/apps-script/harness.js';

const ROOT = join(import.meta.dirname, '../..');

const code = readFileSync(join(DIST_DIR, 'Code.js'), 'utf8');
const manifest = JSON.parse(readFileSync(join(DIST_DIR, 'appsscript.json'), 'utf8'));

/** The JSDoc block that ends on the line right above `function name(`. */
function jsdocAbove(source: string, name: string): string | undefined {
  const match = new RegExp(`(/\\*\\*(?:(?!\\*/)[\\s\\S])*\\*/)\\nfunction ${name}\\(`).exec(source);
  return match?.[1];
}

describe('Code.js', () => {
  test('has no import or export statement left', () => {
    expect(code).not.toMatch(/^\s*import\s.+from\s/m);
    expect(code).not.toMatch(/^\s*export\s/m);
  });

  test.each(CUSTOM_FUNCTION_NAMES)(
    '%s is a top-level function with @customfunction JSDoc right above it',
    (name) => {
      expect(code).toMatch(new RegExp(`^function ${name}\\(`, 'm'));
      const doc = jsdocAbove(code, name);
      expect(doc).toBeDefined();
      expect(doc).toContain('@customfunction');
      expect(doc).toContain('@return');
      const definition = CUSTOM_FUNCTIONS[name];
      const rules = ENDPOINTS[definition.endpoint].params as Record<string, ParamRule>;
      // Positional help is the endpoint table's own description, word for word.
      for (const { arg, param } of definition.positional) {
        expect(doc).toContain(`@param {string} ${arg} Optional. ${describeRule(rules[param]!)}`);
      }
      if (definition.options) {
        const line = doc!
          .split('\n')
          .find((each) => each.includes('@param {string|Array<Array<string>>} options'));
        const taken = new Set<string>(definition.positional.map((each) => each.param));
        for (const [key, rule] of Object.entries(rules)) {
          if (!taken.has(key)) expect(line).toContain(`${key}: ${describeRule(rule)}`);
        }
        expect(line).toContain('max_rows: ');
        expect(line).toContain('connection: Name of a connection in Settings');
      }
      expect(doc).toMatch(/@param \{\*\} refresh /);
    },
  );

  test('menu, trigger and sidebar functions are top-level declarations', () => {
    const names = [
      'onOpen',
      'onInstall',
      'aivisShowSettings',
      'aivisMenuRefreshNow',
      'aivisShowSchedule',
      'aivisShowInsertReport',
      'aivisScheduledRefresh',
      ...SERVER_FUNCTION_NAMES,
    ];
    for (const name of names) expect(code).toMatch(new RegExp(`^function ${name}\\(`, 'm'));
  });

  test('every google.script.run call in the pages names a generated server function', () => {
    for (const page of ['Sidebar', 'ReportDialog', 'ScheduleDialog', 'Alerts']) {
      const html = readFileSync(join(DIST_DIR, `${page}.html`), 'utf8');
      const called = [...html.matchAll(/call\(\s*"(\w+)"/g)].map((match) => match[1]!);
      expect(called.length).toBeGreaterThan(0);
      for (const name of called) expect(code).toMatch(new RegExp(`^function ${name}\\(`, 'm'));
      expect(html).not.toContain('innerHTML');
    }
  });
});

describe('appsscript.json', () => {
  test('V8 with the narrow scopes only', () => {
    expect(manifest.runtimeVersion).toBe('V8');
    expect([...manifest.oauthScopes].sort()).toEqual(
      [
        'https://www.googleapis.com/auth/script.container.ui',
        'https://www.googleapis.com/auth/script.external_request',
        'https://www.googleapis.com/auth/script.scriptapp',
        'https://www.googleapis.com/auth/spreadsheets.currentonly',
        'https://www.googleapis.com/auth/script.send_mail',
        'https://www.googleapis.com/auth/userinfo.email',
      ].sort(),
    );
  });

  test('urlFetchWhitelist entries are https and end with a slash', () => {
    expect(manifest.urlFetchWhitelist.length).toBeGreaterThan(0);
    for (const entry of manifest.urlFetchWhitelist)
      expect(entry).toMatch(/^https:\/\/[^/]+\/(.*\/)?$/);
  });
});

describe('what the docs tell a person who installs it', () => {
  test("docs/sheets.md's permissions table names every scope and every webhook address the manifest allows", () => {
    const sheets = readFileSync(join(ROOT, 'docs/sheets.md'), 'utf8');
    const table = sheets.slice(sheets.indexOf('#### Permissions the add-on asks for'));
    for (const scope of manifest.oauthScopes as string[]) {
      expect(table).toContain(`\`${scope.replace('https://www.googleapis.com/auth/', '')}\``);
    }
    const alerts = readFileSync(join(ROOT, 'docs/alerts.md'), 'utf8');
    for (const entry of (manifest.urlFetchWhitelist as string[]).slice(1)) {
      expect(table).toContain(`\`${entry}\``);
      // The alerts recipe shows each service's address form.
      expect(alerts).toContain(entry.replace('https://*.', '').split('/')[0]!.replace(/^\*\./, ''));
    }
  });
});

describe('the build setting', () => {
  test('AIVIS_SERVICE_URL becomes the whitelist entry and the default base URL', async () => {
    const out = mkdtempSync(join(tmpdir(), 'aivis-apps-script-'));
    const previous = process.env.AIVIS_SERVICE_URL;
    process.env.AIVIS_SERVICE_URL = 'https://api.brand.example/api/v1/';
    try {
      const result = await buildAppsScript(out);
      expect(result.serviceUrl).toBe('https://api.brand.example');
      const built = JSON.parse(readFileSync(join(out, 'appsscript.json'), 'utf8'));
      expect(built.urlFetchWhitelist).toEqual([
        'https://api.brand.example/',
        'https://chat.googleapis.com/v1/spaces/',
        'https://hooks.slack.com/services/',
        'https://*.logic.azure.com/workflows/',
        'https://*.environment.api.powerplatform.com/powerautomate/automations/direct/workflows/',
        'https://*.webhook.office.com/webhookb2/',
      ]);
      expect(readFileSync(join(out, 'Code.js'), 'utf8')).toContain('"https://api.brand.example"');
      process.env.AIVIS_SERVICE_URL = 'http://insecure.example';
      await expect(buildAppsScript(out)).rejects.toThrow(/must be an https address/);
    } finally {
      if (previous === undefined) delete process.env.AIVIS_SERVICE_URL;
      else process.env.AIVIS_SERVICE_URL = previous;
    }
  });
});
