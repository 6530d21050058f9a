/**
 * The frame of the browser suites: the harness (sandbox, site, Chromium;
 * support/browser/harness.ts) started before a file's tests and closed after
 * them, with the screenshots folder made, and token-keeping proxies in front
 * of its sandbox for the suites that go through one.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import {
  ARTIFACTS,
  type Harness,
  type RunningProxy,
  startHarness,
  startProxy,
} from '../../support/browser/harness.js';

/** What a beforeAll hook starts, read through a getter that says so when read too early. */
function started<T>(what: string) {
  let value: T | undefined;
  return {
    set: (next: T) => {
      value = next;
    },
    get: (): T => {
      if (value === undefined)
        throw new Error(`${what} starts in beforeAll: read it in a test or a later hook.`);
      return value;
    },
    current: () => value,
  };
}

/** Starts the harness before the file's tests and closes it after them; the result reads the running one. */
export function useHarness(): Harness {
  const harness = started<Harness>('The browser harness');
  beforeAll(async () => {
    harness.set(await startHarness());
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  afterAll(async () => {
    await harness.current()?.close();
  });
  return {
    get sandbox() {
      return harness.get().sandbox;
    },
    get site() {
      return harness.get().site;
    },
    get siteRequests() {
      return harness.get().siteRequests;
    },
    get browser() {
      return harness.get().browser;
    },
    page: (name, body, headers) => harness.get().page(name, body, headers),
    close: () => harness.get().close(),
  };
}

/**
 * Starts a proxy in front of the harness's sandbox (the pages' origin allowed)
 * before the file's tests and closes it after them, before the harness.
 */
export function useProxy(harness: Harness): RunningProxy {
  const proxy = started<RunningProxy>('The proxy');
  beforeAll(async () => {
    proxy.set(await startProxy(harness));
  });
  afterAll(async () => {
    await proxy.current()?.close();
  });
  return {
    get url() {
      return proxy.get().url;
    },
    get requests() {
      return proxy.get().requests;
    },
    close: () => proxy.get().close(),
  };
}
