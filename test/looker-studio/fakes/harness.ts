/**
 * Loads the BUILT dist/looker-studio/Code.js into a fresh `vm` context with
 * only ECMAScript built-ins plus the service fakes (the add-on's UrlFetchApp,
 * CacheService, PropertiesService and Utilities; DataStudioApp and Session
 * here), and calls its top-level functions as Looker Studio would.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import {
  FakeCache,
  FakeProperties,
  fakeUrlFetchApp,
  fakeUtilities,
} from '../../../support/apps-script/services.js';
import type { SyncHttp } from '../../../support/apps-script/sync-http.js';
import { fakeDataStudioApp, UserErrorThrown } from './data-studio.js';

export const DIST_DIR = resolve(import.meta.dirname, '../../../dist/looker-studio');

export interface ConnectorOptions {
  http: SyncHttp;
  baseUrl: string;
  /** Stored as if setCredentials had accepted it. */
  token?: string;
  user?: string;
  admins?: string;
  /** Utilities.sleep; default blocks the thread like Apps Script (suites pass skipSleep). */
  sleep?: (ms: number) => void;
}

export type Connector = ReturnType<typeof loadConnector>;

export function loadConnector(options: ConnectorOptions) {
  const code = readFileSync(join(DIST_DIR, 'Code.js'), 'utf8');
  const user = options.user ?? 'author@example.com';
  const userProperties = new FakeProperties();
  const scriptProperties = new FakeProperties();
  scriptProperties.setProperty('AIVIS_BASE_URL', options.baseUrl);
  if (options.admins) scriptProperties.setProperty('AIVIS_ADMIN_EMAILS', options.admins);
  const scriptCache = new FakeCache();
  const urlFetch = fakeUrlFetchApp(options.http);
  const logs: string[] = [];
  const log = (...parts: unknown[]) => {
    logs.push(parts.map(String).join(' '));
  };
  const context = createContext({
    UrlFetchApp: urlFetch.service,
    PropertiesService: {
      getUserProperties: () => userProperties,
      getScriptProperties: () => scriptProperties,
      getDocumentProperties: () => null,
    },
    CacheService: {
      getScriptCache: () => scriptCache,
      getUserCache: () => scriptCache,
      getDocumentCache: () => null,
    },
    Utilities: { ...fakeUtilities, sleep: options.sleep ?? fakeUtilities.sleep },
    DataStudioApp: fakeDataStudioApp(),
    Session: {
      getEffectiveUser: () => ({ getEmail: () => user }),
      getActiveUser: () => ({ getEmail: () => user }),
    },
    Logger: { log },
    console: { log, info: log, warn: log, error: log },
  });
  runInContext(code, context, { filename: 'Code.js' });
  const global = context as Record<string, unknown>;
  if (options.token !== undefined) userProperties.setProperty('AIVIS_TOKEN', options.token);

  const connector = {
    userProperties,
    scriptCache,
    urlFetch,
    logs,
    call(name: string, ...args: unknown[]): unknown {
      const fn = global[name];
      if (typeof fn !== 'function') throw new Error(`Code.js has no top-level function ${name}`);
      return (fn as (...values: unknown[]) => unknown)(...args);
    },
    /** Calls and returns the user error it threw (or fails when it threw none). */
    userErrorOf(name: string, ...args: unknown[]): UserErrorThrown {
      try {
        connector.call(name, ...args);
      } catch (error) {
        if (error instanceof UserErrorThrown) return error;
        throw error;
      }
      throw new Error(`${name} threw no user error`);
    },
  };
  return connector;
}
