/**
 * Hostile input through the built Code.js: built-in property names as
 * options get the core's validation message (not "Cannot read properties"),
 * and a server that lies about pagination cannot make one Insert report fire
 * thousands of UrlFetch calls in one fetchAll.
 */
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadAddon } from '../../support/apps-script/harness.js';
import { useSandbox } from './fakes/context.js';

const suite = useSandbox();

describe('built-in property names in options', () => {
  // Option names are read case-insensitively, so these are the built-in names that survive.
  test.each(['constructor', '__proto__', 'CONSTRUCTOR'])(
    'Insert report with %s=1 names the option and lists the allowed ones',
    (name) => {
      const addon = suite.load();
      const error = addon.errorOf('aivisInsertReport', {
        endpoint: 'answers',
        project: 1001,
        options: `${name}=1`,
      });
      expect(error).toContain(`${name.toLowerCase()} is not a parameter of GET`);
      expect(error).not.toMatch(/Cannot read properties/);
    },
  );

  test('a custom function with constructor or __proto__ as an option key says the same', () => {
    for (const name of ['constructor', '__proto__']) {
      const error = suite.load().errorOf('AIVIS_ANSWERS', 1001, `${name}=1`);
      expect(error).toContain(`${name} is not a parameter of GET`);
    }
  });
});

describe('a server claiming limit 1 with a huge total', () => {
  let worker: Worker;
  let baseUrl: string;
  const ask = <T>(type: string, reply: string) =>
    new Promise<T>((resolve) => {
      const listener = (message: { type: string } & T) => {
        if (message.type !== reply) return;
        worker.off('message', listener);
        resolve(message);
      };
      worker.on('message', listener);
      worker.postMessage({ type });
    });
  beforeAll(async () => {
    worker = new Worker(new URL('./fakes/lying-server-worker.mjs', import.meta.url));
    baseUrl = await new Promise<string>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', (message: { baseUrl: string }) => resolve(message.baseUrl));
    });
  });
  afterAll(async () => {
    await ask('close', 'closed');
    await worker.terminate();
  });

  test('Insert report makes one request and no fetchAll batch', async () => {
    const addon = loadAddon({ http: suite.http, baseUrl, token: 'aivis_test_entry' });
    addon.call('aivisInsertReport', {
      endpoint: 'answers',
      project: 1001,
      options: 'max_rows=5000',
      sheetName: 'Lies',
    });
    expect(addon.urlFetch.calls).toHaveLength(1);
    expect(addon.urlFetch.batches()).toBe(1);
    expect((await ask<{ requests: number }>('count', 'count')).requests).toBe(1);
  });
});
