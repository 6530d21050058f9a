/**
 * The shape of the built connector: what Apps Script and Looker Studio require
 * of Code.js and appsscript.json (the manifest reference's documented fields),
 * the build setting shared with the add-on, and the README's report list.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CONNECTOR_FUNCTIONS } from '../../looker-studio/src/entry-points.js';
import { reportFields } from '../../looker-studio/src/fields.js';
import { REPORTS } from '../../looker-studio/src/reports.js';
import { buildLookerStudio } from '../../scripts/looker-studio/index.js';
import { readmeReportList, reportListMarkdown } from '../../scripts/looker-studio/report-list.js';
import { buildAppsScript } from '../../scripts/sheets/index.js';
import { DIST_DIR } from './fakes/harness.js';

const code = readFileSync(join(DIST_DIR, 'Code.js'), 'utf8');
const manifest = JSON.parse(readFileSync(join(DIST_DIR, 'appsscript.json'), 'utf8'));

/**
 * Looker Studio's manifest reference (developers.google.com/looker-studio/connector/manifest):
 * the `dataStudio` properties it documents, required and optional, and its enums.
 */
const REQUIRED = [
  'name',
  'company',
  'companyUrl',
  'logoUrl',
  'addOnUrl',
  'supportUrl',
  'description',
];
const OPTIONAL = [
  'shortDescription',
  'privacyPolicyUrl',
  'termsOfServiceUrl',
  'authType',
  'feeType',
  'sources',
  'templates',
  'forceViewersCredentials',
];
const LINKS = [
  'companyUrl',
  'logoUrl',
  'addOnUrl',
  'supportUrl',
  'privacyPolicyUrl',
  'termsOfServiceUrl',
];
const AUTH_TYPES = [
  'NONE',
  'OAUTH2',
  'KEY',
  'USER_PASS',
  'USER_TOKEN',
  'PATH_USER_PASS',
  'PATH_KEY',
];
const FEE_TYPES = ['FREE', 'FREE_TRIAL', 'PAID'];
/** Top-level keys of an Apps Script manifest this project may use. */
const APPS_SCRIPT_KEYS = [
  'timeZone',
  'runtimeVersion',
  'exceptionLogging',
  'oauthScopes',
  'urlFetchWhitelist',
  'dataStudio',
  'dependencies',
];

describe('Code.js', () => {
  test('has no import or export statement left', () => {
    expect(code).not.toMatch(/^\s*import\s.+from\s/m);
    expect(code).not.toMatch(/^\s*export\s/m);
  });

  test.each(CONNECTOR_FUNCTIONS.map((each) => each.name))(
    '%s is a top-level function with JSDoc right above it',
    (name) => {
      const match = new RegExp(`(/\\*\\*(?:(?!\\*/)[\\s\\S])*\\*/)\\nfunction ${name}\\(`).exec(
        code,
      );
      expect(match?.[1]).toContain('Looker Studio:');
    },
  );

  test('every Looker Studio function is there', () => {
    expect(CONNECTOR_FUNCTIONS.map((each) => each.name).sort()).toEqual([
      'getAuthType',
      'getConfig',
      'getData',
      'getSchema',
      'isAdminUser',
      'isAuthValid',
      'resetAuth',
      'setCredentials',
    ]);
  });
});

describe('appsscript.json', () => {
  test('is a V8 project with only documented keys', () => {
    expect(manifest.runtimeVersion).toBe('V8');
    for (const key of Object.keys(manifest)) expect(APPS_SCRIPT_KEYS).toContain(key);
  });

  test('has the documented dataStudio section', () => {
    const section = manifest.dataStudio as Record<string, unknown>;
    for (const key of REQUIRED) expect(typeof section[key], key).toBe('string');
    for (const key of Object.keys(section)) expect([...REQUIRED, ...OPTIONAL]).toContain(key);
    expect((section.name as string).length).toBeLessThanOrEqual(28);
    expect((section.shortDescription as string).length).toBeLessThanOrEqual(114);
    for (const key of LINKS.filter((each) => each in section))
      expect(section[key], key).toMatch(/^https:\/\/\S+$/);
    for (const type of section.authType as string[]) expect(AUTH_TYPES).toContain(type);
    expect(section.authType).toEqual(['KEY']);
    for (const type of section.feeType as string[]) expect(FEE_TYPES).toContain(type);
  });

  test('asks for the scopes it uses and no more', () => {
    expect(manifest.oauthScopes).toEqual([
      'https://www.googleapis.com/auth/script.external_request',
      'https://www.googleapis.com/auth/userinfo.email',
    ]);
  });

  test('the same build setting gives the add-on and the connector the same whitelist', async () => {
    const original = process.env.AIVIS_SERVICE_URL;
    process.env.AIVIS_SERVICE_URL = 'https://service.example/aivis/';
    try {
      const sheets = await buildAppsScript(mkdtempSync(join(tmpdir(), 'aivis-sheets-')));
      const looker = await buildLookerStudio(mkdtempSync(join(tmpdir(), 'aivis-looker-')));
      const read = (dir: string) => JSON.parse(readFileSync(join(dir, 'appsscript.json'), 'utf8'));
      expect(read(looker.outDir).urlFetchWhitelist).toEqual(['https://service.example/aivis/']);
      // The add-on's list goes on with the alert webhooks' hosts (docs/alerts.md).
      expect(read(looker.outDir).urlFetchWhitelist).toEqual(
        read(sheets.outDir).urlFetchWhitelist.slice(0, 1),
      );
      expect(readFileSync(join(looker.outDir, 'Code.js'), 'utf8')).toContain(
        '"https://service.example/aivis"',
      );
    } finally {
      if (original === undefined) delete process.env.AIVIS_SERVICE_URL;
      else process.env.AIVIS_SERVICE_URL = original;
    }
  }, 60_000);
});

describe('docs/looker-studio.md', () => {
  test("the analyst's steps name fields the reports they name offer", () => {
    const page = readFileSync(join(import.meta.dirname, '../../docs/looker-studio.md'), 'utf8');
    const steps = page.slice(page.indexOf('## Using it'), page.indexOf('**Reports and fields.**'));
    const named = [...steps.matchAll(/((?:`[a-z_]+`(?:, | and )?)+) from `([a-z-]+:[a-z_]+)`/g)];
    const table = /table of `([a-z-]+:[a-z_]+)` with ((?:`[a-z_]+`(?:, | and )?)+)/.exec(steps);
    const pairs = [
      ...named.map((match) => [match[2]!, match[1]!] as const),
      ...(table ? [[table[1]!, table[2]!] as const] : []),
    ];
    expect(pairs.length).toBeGreaterThanOrEqual(3);
    for (const [value, fieldList] of pairs) {
      const report = REPORTS.find((candidate) => candidate.value === value);
      expect(report, value).toBeDefined();
      const ids = reportFields(report!).map((field) => field.id);
      for (const [, field] of fieldList.matchAll(/`([a-z_]+)`/g))
        expect(ids, value).toContain(field);
    }
  });

  test('lists every report with its fields, as the code derives them', () => {
    expect(readmeReportList(), 'run npx tsx scripts/looker-studio/report-list.ts').toBe(
      reportListMarkdown(),
    );
  });
});
