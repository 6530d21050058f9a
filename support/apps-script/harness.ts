/**
 * Loads the BUILT dist/apps-script/Code.js into a fresh `vm` context that has
 * only ECMAScript built-ins (no fetch, URL, TextEncoder or timers, like
 * Apps Script's V8) plus the service fakes, and calls it as Sheets would.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import {
  FakeCache,
  FakeProperties,
  FakeSpreadsheet,
  fakeHtmlService,
  fakeLockService,
  fakeMailApp,
  fakeScriptApp,
  fakeSession,
  fakeUi,
  fakeUrlFetchApp,
  fakeUtilities,
} from './services.js';
import { CELL_CHARS_LIMIT } from './spreadsheet.js';
import type { SyncHttp } from './sync-http.js';

export const DIST_DIR = resolve(import.meta.dirname, '../../dist/apps-script');

export interface AddonOptions {
  http: SyncHttp;
  baseUrl?: string;
  token?: string;
  /** Shared between add-ons loaded for the same "project", like ScriptCache is. */
  scriptCache?: FakeCache;
  /** Address prefixes UrlFetchApp answers from elsewhere, e.g. the built service URL from the sandbox. */
  routes?: Record<string, string>;
  /** Utilities.sleep; default blocks the thread like Apps Script (suites pass skipSleep). */
  sleep?: (ms: number) => void;
  /**
   * The script to load and the folder HtmlService reads pages from: by default
   * DIST_DIR's Code.js and pages; the paste-install test loads PASTE_DIR's
   * AIVIS.gs, beside which there is no page file.
   */
  script?: { dir: string; file: string };
}

/** The address the add-on is built for (AIVIS_SERVICE_URL unset): its urlFetchWhitelist. */
export const BUILT_SERVICE_URL = 'https://aivis.example.com';

export type Addon = ReturnType<typeof loadAddon>;

export function loadAddon(options: AddonOptions) {
  const script = options.script ?? { dir: DIST_DIR, file: 'Code.js' };
  const code = readFileSync(join(script.dir, script.file), 'utf8');
  let user = 'owner@example.com';
  const userProperties = new Map<string, FakeProperties>();
  const propertiesOf = (who: string) => {
    if (!userProperties.has(who)) userProperties.set(who, new FakeProperties());
    return userProperties.get(who)!;
  };
  const documentProperties = new FakeProperties();
  const scriptCache = options.scriptCache ?? new FakeCache();
  const spreadsheet = new FakeSpreadsheet();
  const urlFetch = fakeUrlFetchApp(options.http, options.routes);
  const scriptApp = fakeScriptApp(() => user);
  const ui = fakeUi();
  const mail = fakeMailApp();
  const logs: string[] = [];
  const log = (...parts: unknown[]) => {
    logs.push(parts.map(String).join(' '));
  };

  const globals = {
    UrlFetchApp: urlFetch.service,
    PropertiesService: {
      getUserProperties: () => propertiesOf(user),
      getDocumentProperties: () => documentProperties,
      getScriptProperties: () => propertiesOf('(script)'),
    },
    CacheService: {
      getScriptCache: () => scriptCache,
      getUserCache: () => {
        throw new Error('The add-on keeps answers in the script cache');
      },
      getDocumentCache: () => {
        throw new Error('The add-on keeps answers in the script cache');
      },
    },
    Utilities: { ...fakeUtilities, sleep: options.sleep ?? fakeUtilities.sleep },
    SpreadsheetApp: {
      getActiveSpreadsheet: () => spreadsheet,
      getActive: () => spreadsheet,
      getUi: () => ui.ui,
    },
    Charts: { ChartType: { LINE: 'LINE', COLUMN: 'COLUMN', AREA: 'AREA', BAR: 'BAR' } },
    ScriptApp: scriptApp.service,
    HtmlService: fakeHtmlService(script.dir),
    LockService: fakeLockService(() => user),
    MailApp: mail.service,
    Session: fakeSession(() => user),
    Logger: { log },
    console: { log, info: log, warn: log, error: log },
  };
  const context = createContext(globals);
  runInContext(code, context, { filename: script.file });
  const global = context as Record<string, unknown>;

  const addon = {
    context: global,
    spreadsheet,
    documentProperties,
    scriptCache,
    urlFetch,
    triggers: scriptApp.triggers,
    ui,
    mail,
    logs,
    userProperties: () => propertiesOf(user),
    setUser(who: string) {
      user = who;
    },
    setToken(token: string | undefined, baseUrl = options.baseUrl) {
      const properties = propertiesOf(user);
      if (token === undefined) properties.deleteProperty('AIVIS_TOKEN');
      else properties.setProperty('AIVIS_TOKEN', token);
      if (baseUrl) properties.setProperty('AIVIS_BASE_URL', baseUrl);
    },
    /** Evaluates an expression inside the Apps Script context (e.g. to make its Date objects). */
    evaluate(expression: string): unknown {
      return runInContext(expression, context);
    },
    /** Calls a top-level function of Code.js, as Sheets, a menu, a trigger or google.script.run would. */
    call(name: string, ...args: unknown[]): unknown {
      const fn = global[name];
      if (typeof fn !== 'function') throw new Error(`Code.js has no top-level function ${name}`);
      const result = (fn as (...values: unknown[]) => unknown)(...args);
      if (/^AIVIS_[A-Z_]+$/.test(name)) checkCustomFunctionResult(name, result);
      return result;
    },
    /** Calls and returns the thrown Error's message (or fails when nothing was thrown). */
    errorOf(name: string, ...args: unknown[]): string {
      try {
        addon.call(name, ...args);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error(`${name} did not throw`);
    },
  };
  if (options.token !== undefined) addon.setToken(options.token);
  return addon;
}

/**
 * Sheets shows an error instead of a custom function's result when a text in
 * it is longer than a cell holds; the harness refuses it the same way.
 */
function checkCustomFunctionResult(name: string, result: unknown): void {
  if (!Array.isArray(result)) return;
  for (const row of result) {
    for (const cell of Array.isArray(row) ? row : [row]) {
      if (typeof cell === 'string' && cell.length > CELL_CHARS_LIMIT) {
        throw new Error(
          `Text result of ${name} is longer than the limit of ${CELL_CHARS_LIMIT} characters.`,
        );
      }
    }
  }
}

/** Date objects made inside the vm are not `instanceof Date` here. */
export const isDate = (value: unknown): value is Date =>
  Object.prototype.toString.call(value) === '[object Date]';
