/**
 * The analyst's install (docs/sheets.md, Paste install): one file, AIVIS.gs,
 * pasted into a spreadsheet's Apps Script editor with its appsscript.json.
 * Loaded alone in the vm harness, with no page file beside it, it runs a
 * custom function, opens the Settings sidebar and a dialog, and runs a
 * scheduled refresh.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CLASP_PRODUCTS } from '../../scripts/apps-script-bundle/clasp-project.js';
import { PASTE_DIR, PASTE_FILE } from '../../scripts/sheets/index.js';
import { type ServedHandler, serveFetchHandler } from '../../server/serve-fetch-handler.js';
import { sheetsDownload } from '../../start/sheets-download.js';
import { DIST_DIR } from '../../support/apps-script/harness.js';
import { NEW_PROJECT_NAME } from '../../support/apps-script/services.js';
import { useSandbox } from './fakes/context.js';

const SHEETS_DOC = readFileSync(join(import.meta.dirname, '../../docs/sheets.md'), 'utf8');
const PASTE_STEPS = SHEETS_DOC.slice(
  SHEETS_DOC.indexOf('### Paste install'),
  SHEETS_DOC.indexOf('### Push with clasp'),
);
const CLASP_STEPS = SHEETS_DOC.slice(SHEETS_DOC.indexOf('### Push with clasp'));
/** The menu a step of docs/sheets.md opens: "**Extensions > NAME > Settings...**". */
const menuNamedIn = (steps: string) =>
  /\*\*Extensions > (.+?) > Settings\.\.\.\*\*/.exec(steps)?.[1];

const suite = useSandbox();
const loadPasted = (options: { projectName?: string | undefined } = {}) =>
  suite.load({
    script: { dir: PASTE_DIR, file: PASTE_FILE },
    ...(options.projectName ? { projectName: options.projectName } : {}),
  });

describe('the paste-install steps of docs/sheets.md', () => {
  test('step 4 opens the menu Google gives the project as step 1 renames it', () => {
    const renamed = /type \*\*(.+?)\*\*, press \*\*Rename\*\*/.exec(PASTE_STEPS)?.[1];
    expect(renamed).toBeDefined();
    const addon = loadPasted({ projectName: renamed });
    addon.call('onOpen', { authMode: 'NONE' });
    expect(addon.ui.menus[0]?.title).toBe(menuNamedIn(PASTE_STEPS));
    expect(addon.ui.menus[0]?.items.map((item) => item.label)).toContain('Settings...');
  });

  test('a bound project left unnamed shows its menu as the docs warn', () => {
    const addon = loadPasted();
    addon.call('onOpen', { authMode: 'NONE' });
    expect(addon.ui.menus[0]?.title).toBe(NEW_PROJECT_NAME);
    expect(PASTE_STEPS).toContain(`**Extensions > ${NEW_PROJECT_NAME}**`);
  });

  test("the clasp steps' menu is the project sheets:create makes", () => {
    const addon = suite.load({ projectName: CLASP_PRODUCTS.sheets.title });
    addon.call('onOpen', { authMode: 'NONE' });
    expect(addon.ui.menus[0]?.title).toBe(menuNamedIn(CLASP_STEPS));
  });
});

describe('the paste-install pair, downloaded for a service without building', () => {
  const SERVICE = 'https://svc.example/aivis';
  let server: ServedHandler;
  let folder: string;
  beforeAll(async () => {
    const download = sheetsDownload();
    server = await serveFetchHandler(
      async (request) =>
        (await download.handle(new URL(request.url))) ?? new Response('none', { status: 404 }),
    );
    folder = mkdtempSync(join(tmpdir(), 'aivis-paste-'));
  });
  afterAll(async () => {
    await server?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  test('the files for another address call that address only, and run', async () => {
    const query = `?service=${encodeURIComponent(SERVICE)}`;
    const script = await fetch(`${server.url}/sheets/${PASTE_FILE}${query}`);
    const manifest = await fetch(`${server.url}/sheets/appsscript.json${query}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-disposition')).toBe(`attachment; filename="${PASTE_FILE}"`);
    const code = await script.text();
    expect(code).not.toContain('aivis.example.com');
    const whitelist = ((await manifest.json()) as { urlFetchWhitelist: string[] })
      .urlFetchWhitelist;
    expect(whitelist[0]).toBe(`${SERVICE}/`);
    writeFileSync(join(folder, PASTE_FILE), code);
    const addon = suite.load({
      script: { dir: folder, file: PASTE_FILE },
      baseUrl: SERVICE,
      routes: { [SERVICE]: suite.sandbox.baseUrl },
      token: 'aivis_test_showcase',
    });
    const table = addon.call('AIVIS_COMPETITORS', 3001, 'ranking') as unknown[][];
    expect(table[0]).toContain('name');
  });

  test('refuses a missing or plain-http address, naming the parameter', async () => {
    for (const query of [
      '',
      '?service=http://svc.example',
      `?service=https://${'a'.repeat(400)}`,
    ]) {
      const answer = await fetch(`${server.url}/sheets/${PASTE_FILE}${query}`);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(
        /^service must be/,
      );
    }
  });

  test('the page offering them escapes the address it fills in', async () => {
    const download = sheetsDownload({ defaultService: '"><script>alert(1)</script>' });
    const page = await (await download.handle(new URL('http://x/sheets/')))!.text();
    expect(page).not.toContain('<script>alert');
    expect(page).toContain(`action="${PASTE_FILE}"`);
  });
});

describe('the paste-install file', () => {
  test('is one script and its manifest, the same manifest as the pushed add-on', () => {
    expect(readdirSync(PASTE_DIR).sort()).toEqual(['AIVIS.gs', 'appsscript.json']);
    expect(JSON.parse(readFileSync(join(PASTE_DIR, 'appsscript.json'), 'utf8'))).toEqual(
      JSON.parse(readFileSync(join(DIST_DIR, 'appsscript.json'), 'utf8')),
    );
  });

  test('runs a custom function', () => {
    const addon = loadPasted();
    const table = addon.call('AIVIS_COMPETITORS', 1001, 'ranking') as unknown[][];
    expect(table[0]).toContain('name');
    expect(table.length).toBeGreaterThan(1);
  });

  test('opens the Settings sidebar and every dialog from the pages inside it', () => {
    const addon = loadPasted();
    for (const page of readdirSync(DIST_DIR).filter((file) => file.endsWith('.html'))) {
      expect(existsSync(join(PASTE_DIR, page)), `${page} beside the pasted file`).toBe(false);
    }
    addon.call('onOpen', { authMode: 'NONE' });
    addon.call('aivisShowSettings');
    addon.call('aivisShowSchedule');
    const [settings, schedule] = addon.ui.shown;
    expect(settings?.kind).toBe('sidebar');
    expect(settings!.content).toBe(readFileSync(join(DIST_DIR, 'Sidebar.html'), 'utf8'));
    expect(settings!.content).toMatch(
      /<input[^>]*id="token"[^>]*type="password"|type="password"[^>]*id="token"/,
    );
    expect(schedule?.kind).toBe('dialog');
    expect(schedule!.content).toBe(readFileSync(join(DIST_DIR, 'ScheduleDialog.html'), 'utf8'));
  });

  test('runs a scheduled refresh of an import', async () => {
    const addon = loadPasted();
    addon.call('aivisInsertReport', {
      endpoint: 'competitors',
      project: 1001,
      sheetName: 'Ranking',
    });
    addon.call('aivisSetSchedule', { frequency: 'daily', historyProjects: [] });
    expect(addon.triggers).toHaveLength(1);
    addon.spreadsheet.getSheetByName('Ranking')!.clearContents();
    const mark = (await suite.sandbox.log()).length;
    addon.call(addon.triggers[0]!.handler, { triggerUid: addon.triggers[0]!.id });
    const paths = (await suite.sandbox.since(mark)).map((entry) => entry.path);
    expect(paths).toContain('/api/v1/projects/1001/competitors');
    expect(addon.spreadsheet.getSheetByName('Ranking')!.grid()[0]).toContain('name');
  });
});
