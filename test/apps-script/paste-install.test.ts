/**
 * The analyst's install (docs/sheets.md, Paste install): one file, AIVIS.gs,
 * pasted into a spreadsheet's Apps Script editor with its appsscript.json.
 * Loaded alone in the vm harness, with no page file beside it, it runs a
 * custom function, opens the Settings sidebar and a dialog, and runs a
 * scheduled refresh.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PASTE_DIR, PASTE_FILE } from '../../scripts/sheets/index.js';
import { DIST_DIR } from '../../support/apps-script/harness.js';
import { useSandbox } from './fakes/context.js';

const suite = useSandbox();
const loadPasted = () => suite.load({ script: { dir: PASTE_DIR, file: PASTE_FILE } });

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
