/**
 * Small fakes of the Apps Script services the add-on uses, faithful where it
 * matters to the tests: UrlFetchApp does real HTTP (blocking, fetchAll
 * concurrent, muteHttpExceptions honoured); CacheService enforces 100 KB per
 * value, 250-character keys and the 6-hour TTL; Properties enforce 9 KB per
 * value and 500 KB per store (keys and values), and setProperties writes all
 * or nothing; ScriptApp allows one clock trigger per user and document (editor
 * add-on rule) and hourly at most.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FakeSpreadsheet } from './spreadsheet.js';
import { blockingSleep, type SyncHttp, type WireRequest } from './sync-http.js';

export const CACHE_VALUE_LIMIT_BYTES = 100 * 1024;
export const CACHE_MAX_TTL_SECONDS = 21_600;
export const PROPERTY_VALUE_LIMIT_BYTES = 9 * 1024;
/** Apps Script's quota: 500 KB per property store (user, document or script). */
export const PROPERTY_STORE_LIMIT_BYTES = 500 * 1024;

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

// ---- Builders ----

/** A builder with chained setters: each returns the builder again, as Apps Script's do. */
export type WithSetters<B, Method extends string> = B & {
  [M in Method]: (value: unknown) => WithSetters<B, Method>;
};

/**
 * Adds Apps Script-style setters to a builder (ClockTriggerBuilder, HtmlOutput):
 * `fields` maps each setter's name to the key its argument is recorded under,
 * in `into` (the builder itself by default); every setter returns the builder.
 */
function withSetters<B extends object, Method extends string>(
  builder: B,
  fields: Record<Method, string>,
  into: Record<string, unknown> = builder as Record<string, unknown>,
): WithSetters<B, Method> {
  const built = builder as WithSetters<B, Method>;
  for (const [method, key] of Object.entries<string>(fields)) {
    Object.assign(built, {
      [method]: (value: unknown) => {
        into[key] = value;
        return built;
      },
    });
  }
  return built;
}

// ---- UrlFetchApp ----

export interface FetchParams {
  url?: string;
  method?: string;
  headers?: Record<string, string>;
  payload?: string;
  contentType?: string;
  muteHttpExceptions?: boolean;
  followRedirects?: boolean;
}

export interface FetchRecord {
  url: string;
  headers: Record<string, string>;
  batch: number;
}

function httpResponse(answer: { status: number; headers: Record<string, string>; body: string }) {
  return {
    getResponseCode: () => answer.status,
    getContentText: () => answer.body,
    getAllHeaders: () => ({ ...answer.headers }),
    getHeaders: () => ({ ...answer.headers }),
  };
}

/**
 * @param routes like /etc/hosts: an address prefix (the built service URL, the
 *   one urlFetchWhitelist allows) answered by another (the sandbox on loopback).
 */
export function fakeUrlFetchApp(http: SyncHttp, routes: Record<string, string> = {}) {
  const calls: FetchRecord[] = [];
  let batches = 0;
  const routed = (url: string) => {
    for (const [from, to] of Object.entries(routes)) {
      if (url.startsWith(`${from}/`)) return `${to}${url.slice(from.length)}`;
    }
    return url;
  };
  const run = (items: Array<{ url: string; params: FetchParams }>) => {
    const batch = ++batches;
    const requests: WireRequest[] = items.map(({ url, params }) => {
      calls.push({ url, headers: { ...(params.headers ?? {}) }, batch });
      const headers = { ...(params.headers ?? {}) };
      if (params.contentType) headers['Content-Type'] = params.contentType;
      return {
        url: routed(url),
        method: (params.method ?? 'get').toUpperCase(),
        headers,
        ...(params.payload === undefined ? {} : { body: String(params.payload) }),
      };
    });
    return http.send(requests).map((answer, index) => {
      const { url, params } = items[index]!;
      if ('error' in answer)
        throw new Error(`Exception: Address unavailable: ${url} (${answer.error})`);
      if (!params.muteHttpExceptions && answer.status >= 400) {
        throw new Error(
          `Exception: Request failed for ${url} returned code ${answer.status}. Truncated server response: ${answer.body.slice(0, 100)}`,
        );
      }
      return httpResponse(answer);
    });
  };
  return {
    calls,
    batches: () => batches,
    service: {
      fetch: (url: string, params: FetchParams = {}) => run([{ url, params }])[0],
      fetchAll: (requests: Array<FetchParams & { url: string }>) =>
        run(requests.map((request) => ({ url: request.url, params: request }))),
    },
  };
}

// ---- PropertiesService ----

export class FakeProperties {
  readonly values = new Map<string, string>();
  /** Bytes of every key and value, the measure of the 500 KB store quota. */
  storeBytes(values: ReadonlyMap<string, string> = this.values) {
    let total = 0;
    for (const [key, value] of values) total += bytes(key) + bytes(value);
    return total;
  }
  getProperty(key: string) {
    return this.values.get(key) ?? null;
  }
  setProperty(key: string, value: string) {
    return this.setProperties({ [key]: value });
  }
  /** One write: every value is checked before any is stored, as one service call. */
  setProperties(values: Record<string, string>, deleteAllOthers = false) {
    const next = new Map(deleteAllOthers ? [] : this.values);
    for (const [key, value] of Object.entries(values)) {
      const text = String(value);
      if (bytes(text) > PROPERTY_VALUE_LIMIT_BYTES)
        throw new Error('Exception: Argument too large: value');
      next.set(key, text);
    }
    if (this.storeBytes(next) > PROPERTY_STORE_LIMIT_BYTES) {
      throw new Error('Exception: You have exceeded the property storage quota.');
    }
    this.values.clear();
    for (const [key, value] of next) this.values.set(key, value);
    return this;
  }
  deleteProperty(key: string) {
    this.values.delete(key);
    return this;
  }
  getProperties() {
    return Object.fromEntries(this.values);
  }
  getKeys() {
    return [...this.values.keys()];
  }
  deleteAllProperties() {
    this.values.clear();
    return this;
  }
}

// ---- CacheService ----

export class FakeCache {
  readonly entries = new Map<string, { value: string; expires: number }>();
  puts = 0;
  largestValueBytes = 0;
  private check(key: string, value: string, ttl: number) {
    if (key.length > 250) throw new Error('Exception: Argument too large: key');
    if (bytes(value) > CACHE_VALUE_LIMIT_BYTES)
      throw new Error('Exception: Argument too large: value');
    if (ttl > CACHE_MAX_TTL_SECONDS)
      throw new Error('Exception: Invalid argument: expirationInSeconds');
  }
  get(key: string) {
    const entry = this.entries.get(key);
    if (!entry || entry.expires <= Date.now()) return null;
    return entry.value;
  }
  getAll(keys: string[]) {
    const found: Record<string, string> = {};
    for (const key of keys) {
      const value = this.get(key);
      if (value !== null) found[key] = value;
    }
    return found;
  }
  put(key: string, value: string, ttl = 600) {
    this.check(key, value, ttl);
    this.puts += 1;
    this.largestValueBytes = Math.max(this.largestValueBytes, bytes(value));
    this.entries.set(key, { value, expires: Date.now() + ttl * 1000 });
  }
  putAll(values: Record<string, string>, ttl = 600) {
    for (const [key, value] of Object.entries(values)) this.check(key, value, ttl);
    for (const [key, value] of Object.entries(values)) this.put(key, value, ttl);
  }
  remove(key: string) {
    this.entries.delete(key);
  }
  removeAll(keys: string[]) {
    for (const key of keys) this.entries.delete(key);
  }
  /** Expires everything, as six hours passing would. */
  expireAll() {
    this.entries.clear();
  }
}

// ---- Utilities ----

type ByteInput = string | number[];
const toBuffer = (value: ByteInput) =>
  typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value.map((b) => b & 0xff));

/**
 * Utilities.sleep for suites: the wait is recorded by the caller's budget but
 * not spent on the wall clock (retry backoff and Retry-After are not what a
 * suite is about; attempt counts and messages are).
 */
export const skipSleep = (_ms: number): void => {};

export const fakeUtilities = {
  DigestAlgorithm: { MD5: 'md5', SHA_1: 'sha1', SHA_256: 'sha256', SHA_512: 'sha512' },
  Charset: { UTF_8: 'UTF_8', US_ASCII: 'US_ASCII' },
  /** Returns Java-style signed bytes, as Apps Script does. */
  computeDigest(algorithm: string, value: ByteInput) {
    return [...createHash(algorithm).update(toBuffer(value)).digest()].map((b) =>
      b > 127 ? b - 256 : b,
    );
  },
  base64Encode: (value: ByteInput) => toBuffer(value).toString('base64'),
  base64EncodeWebSafe: (value: ByteInput) =>
    toBuffer(value).toString('base64').replaceAll('+', '-').replaceAll('/', '_'),
  sleep: (ms: number) => blockingSleep(ms),
  formatDate: (date: Date) => date.toISOString(),
};

// ---- ScriptApp ----

export interface FakeTrigger {
  id: string;
  handler: string;
  schedule: Record<string, unknown>;
  user: string;
  getHandlerFunction(): string;
  getUniqueId(): string;
  getEventType(): string;
}

export function fakeScriptApp(currentUser: () => string) {
  const triggers: FakeTrigger[] = [];
  let nextId = 1;
  const WeekDay = {
    MONDAY: 'MONDAY',
    TUESDAY: 'TUESDAY',
    WEDNESDAY: 'WEDNESDAY',
    THURSDAY: 'THURSDAY',
    FRIDAY: 'FRIDAY',
    SATURDAY: 'SATURDAY',
    SUNDAY: 'SUNDAY',
  };
  const service = {
    WeekDay,
    AuthMode: { NONE: 'NONE', LIMITED: 'LIMITED', FULL: 'FULL' },
    newTrigger(handler: string) {
      const schedule: Record<string, unknown> = {};
      const clock = {
        everyHours(n: number) {
          if (![1, 2, 4, 6, 8, 12].includes(n)) throw new Error('Exception: invalid hours');
          schedule.everyHours = n;
          return clock;
        },
        everyMinutes() {
          throw new Error(
            'Exception: Add-ons may not run time-driven triggers more often than hourly.',
          );
        },
        create() {
          const user = currentUser();
          if (triggers.some((each) => each.user === user)) {
            throw new Error(
              'Exception: This add-on has created too many time-based triggers in this document for this Google user account.',
            );
          }
          const id = String(nextId++);
          const trigger: FakeTrigger = {
            id,
            handler,
            schedule,
            user,
            getHandlerFunction: () => handler,
            getUniqueId: () => id,
            getEventType: () => 'CLOCK',
          };
          triggers.push(trigger);
          return trigger;
        },
      };
      const setters = {
        everyDays: 'everyDays',
        everyWeeks: 'everyWeeks',
        atHour: 'atHour',
        onWeekDay: 'onWeekDay',
      };
      return { timeBased: () => withSetters(clock, setters, schedule) };
    },
    getUserTriggers: () => triggers.filter((each) => each.user === currentUser()),
    getProjectTriggers: () => triggers.filter((each) => each.user === currentUser()),
    deleteTrigger(trigger: FakeTrigger) {
      const index = triggers.findIndex((each) => each.id === trigger.getUniqueId());
      if (index >= 0) triggers.splice(index, 1);
    },
  };
  return { triggers, service };
}

// ---- MailApp and Session ----

export interface SentMail {
  to: string;
  subject: string;
  body: string;
  htmlBody: string;
  name?: string;
}

/**
 * MailApp with a daily quota (100 recipients a day for consumer accounts):
 * getRemainingDailyQuota counts down with each mail; a send past it throws
 * the service's error.
 */
export function fakeMailApp(quota = 100) {
  const sent: SentMail[] = [];
  const state = { quota };
  return {
    sent,
    setQuota(value: number) {
      state.quota = value;
    },
    service: {
      getRemainingDailyQuota: () => state.quota,
      sendEmail(message: SentMail | string, ...rest: string[]) {
        if (state.quota <= 0) {
          throw new Error('Exception: Service invoked too many times for one day: email.');
        }
        state.quota -= 1;
        if (typeof message === 'string') {
          sent.push({ to: message, subject: rest[0] ?? '', body: rest[1] ?? '', htmlBody: '' });
        } else sent.push({ ...message });
      },
    },
  };
}

export function fakeSession(currentUser: () => string) {
  const user = () => ({ getEmail: () => currentUser() });
  return { getEffectiveUser: user, getActiveUser: user };
}

// ---- HtmlService, LockService, the UI ----

export function fakeHtmlService(distDir: string) {
  const output = (content: string) =>
    withSetters(
      { title: '', width: 0, height: 0, content, getContent: () => content },
      { setTitle: 'title', setWidth: 'width', setHeight: 'height' },
    );
  return {
    createHtmlOutputFromFile: (file: string) =>
      output(readFileSync(join(distDir, `${file.replace(/\.html$/, '')}.html`), 'utf8')),
    createHtmlOutput: (html = '') => output(html),
  };
}

/**
 * Document and script locks are shared by every user; a user lock by one
 * user's executions. A run nested inside another (a test's way of making two
 * executions overlap) finds the lock held: tryLock answers false at once and
 * waitLock times out, as a real second execution would after its wait.
 */
export function fakeLockService(currentUser: () => string = () => '') {
  const makeLock = () => {
    let held = false;
    return {
      tryLock: () => {
        if (held) return false;
        held = true;
        return true;
      },
      waitLock: () => {
        if (held) throw new Error('Exception: Lock timeout');
        held = true;
      },
      releaseLock: () => {
        held = false;
      },
      hasLock: () => held,
    };
  };
  const documentLock = makeLock();
  const scriptLock = makeLock();
  const userLocks = new Map<string, ReturnType<typeof makeLock>>();
  return {
    getDocumentLock: () => documentLock,
    getScriptLock: () => scriptLock,
    getUserLock: () => {
      const user = currentUser();
      if (!userLocks.has(user)) userLocks.set(user, makeLock());
      return userLocks.get(user)!;
    },
  };
}

export function fakeUi() {
  const menus: Array<{ title: string; items: Array<{ label: string; handler: string }> }> = [];
  const shown: Array<{ kind: 'sidebar' | 'dialog'; title: string; content: string }> = [];
  return {
    menus,
    shown,
    ui: {
      createAddonMenu() {
        const menu = { title: 'add-on', items: [] as Array<{ label: string; handler: string }> };
        const builder = {
          addItem(label: string, handler: string) {
            menu.items.push({ label, handler });
            return builder;
          },
          addSeparator: () => builder,
          addToUi: () => {
            menus.push(menu);
          },
        };
        return builder;
      },
      createMenu: () => {
        throw new Error('An add-on uses createAddonMenu');
      },
      showSidebar(page: { title: string; getContent(): string }) {
        shown.push({ kind: 'sidebar', title: page.title, content: page.getContent() });
      },
      showModalDialog(page: { getContent(): string }, title: string) {
        shown.push({ kind: 'dialog', title, content: page.getContent() });
      },
      alert: () => undefined,
    },
  };
}

export { FakeSpreadsheet };
