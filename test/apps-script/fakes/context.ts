/** Per-suite setup: the sandbox on its own thread, blocking HTTP, and a loader for Code.js. */
import { afterAll, beforeAll } from 'vitest';
import type { StartSandboxOptions } from '../../../sandbox/server.js';
import {
  type AddonOptions,
  BUILT_SERVICE_URL,
  loadAddon,
} from '../../../support/apps-script/harness.js';
import {
  type SandboxThread,
  startSandboxThread,
} from '../../../support/apps-script/sandbox-thread.js';
import { skipSleep } from '../../../support/apps-script/services.js';
import { createSyncHttp, type SyncHttp } from '../../../support/apps-script/sync-http.js';

export interface SuiteContext {
  sandbox: SandboxThread;
  http: SyncHttp;
  load(options?: Partial<AddonOptions>): ReturnType<typeof loadAddon>;
  /** A direct API call to the sandbox (not through the add-on), for expected values. */
  api(path: string, token?: string): { status: number; body: unknown };
}

export function useSandbox(options: StartSandboxOptions = { rateLimit: false }): SuiteContext {
  const context = {} as SuiteContext;
  beforeAll(async () => {
    context.sandbox = await startSandboxThread(options);
    context.http = createSyncHttp();
    context.load = (overrides = {}) =>
      loadAddon({
        http: context.http,
        baseUrl: context.sandbox.baseUrl,
        token: 'aivis_test_entry',
        // Connections must use the whitelisted address; the sandbox answers it.
        routes: { [BUILT_SERVICE_URL]: context.sandbox.baseUrl },
        sleep: skipSleep,
        ...overrides,
      });
    context.api = (path, token = 'aivis_test_entry') => {
      const [answer] = context.http.send([
        {
          url: `${context.sandbox.baseUrl}/api/v1${path}`,
          method: 'GET',
          headers: { Authorization: `Bearer ${token}` },
        },
      ]);
      if (!answer || 'error' in answer) throw new Error(`sandbox did not answer ${path}`);
      return { status: answer.status, body: JSON.parse(answer.body) };
    };
  });
  afterAll(async () => {
    await context.sandbox?.close();
    await context.http?.close();
  });
  return context;
}
