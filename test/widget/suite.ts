/**
 * The frame of the happy-dom widget suites: before each test a fresh fake API
 * (fake-api.ts) becomes the widgets' connection; after it the page is emptied.
 */
import { afterEach, beforeEach } from 'vitest';
import { configure } from '../../widget/index.js';
import { API_BASE, createFakeApi, type FakeApi, TOKEN } from './fake-api.js';

/**
 * Registers the frame's hooks and returns the current test's fake API (one
 * object for the whole file, each call reaching that test's fresh instance).
 * @param options.lang the document language, for suites whose figures are formatted
 */
export function useFakeApi(options: { lang?: string } = {}): FakeApi {
  let current: FakeApi | undefined;
  const api = (): FakeApi => {
    if (!current)
      throw new Error('The fake API exists inside a test (useFakeApi starts one before each).');
    return current;
  };
  const facade: FakeApi = {
    fetch: (url, init) => api().fetch(url, init),
    get calls() {
      return api().calls;
    },
    callsTo: (prefix) => api().callsTo(prefix),
    rewrite: (fn) => api().rewrite(fn),
    hold: () => api().hold(),
    release: () => api().release(),
    body: (path, token) => api().body(path, token),
  };
  beforeEach(() => {
    current = createFakeApi();
    configure({ baseUrl: API_BASE, token: TOKEN, fetch: facade.fetch });
    if (options.lang) document.documentElement.lang = options.lang;
  });
  afterEach(() => {
    document.body.replaceChildren();
  });
  return facade;
}
