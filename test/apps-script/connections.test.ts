/**
 * Named connections through the built Code.js: one token per client account,
 * the base URL held to the manifest's urlFetchWhitelist, tokens never shown
 * again, `connection=NAME` in the functions' options, and rename/remove
 * asking first when imports use the connection.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { BUILT_SERVICE_URL, DIST_DIR } from '../../support/apps-script/harness.js';
import { useSandbox } from './fakes/context.js';

const suite = useSandbox();
const manifest = JSON.parse(readFileSync(join(DIST_DIR, 'appsscript.json'), 'utf8')) as {
  urlFetchWhitelist: string[];
};

interface ConnectionsState {
  connections: Array<{ name: string; baseUrl: string; tokenSet: boolean; isDefault: boolean }>;
  allowedBaseUrls: string[];
}
interface Change {
  done: boolean;
  affected: string[];
  message: string;
  state: ConnectionsState;
}

function withClient(token = 'aivis_test_pro') {
  const addon = suite.load();
  addon.call('aivisAddConnection', { name: 'Client B', baseUrl: BUILT_SERVICE_URL, token });
  return addon;
}

describe('named connections', () => {
  test('the existing AIVIS_TOKEN is the first, default connection; a new one keeps its own token', () => {
    const addon = withClient();
    const state = addon.call('aivisConnections') as ConnectionsState;
    expect(state.connections.map((each) => [each.name, each.tokenSet, each.isDefault])).toEqual([
      ['Default', true, true],
      ['Client B', true, false],
    ]);
    // The service's entry; the others are the alert webhooks' hosts, no service address.
    expect(state.allowedBaseUrls).toEqual(manifest.urlFetchWhitelist.slice(0, 1));
    expect(addon.userProperties().getProperty('AIVIS_TOKEN')).toBe('aivis_test_entry');
    expect(JSON.stringify(state)).not.toMatch(/aivis_test_/);
    expect(addon.userProperties().getProperty('AIVIS_CONNECTIONS')).not.toMatch(/aivis_test_/);
  });

  test('a base URL outside urlFetchWhitelist is refused, naming the allowed address', () => {
    const addon = suite.load();
    const error = addon.errorOf('aivisAddConnection', {
      name: 'Elsewhere',
      baseUrl: 'https://evil.example',
      token: 'aivis_test_entry',
    });
    expect(error).toContain(`must start with ${manifest.urlFetchWhitelist[0]}`);
    expect(error).not.toContain('aivis_test_entry');
    expect(
      addon.errorOf('aivisAddConnection', {
        name: 'Default',
        baseUrl: BUILT_SERVICE_URL,
        token: 'aivis_test_entry',
      }),
    ).toMatch(/exists already/);
  });

  test('connection=NAME picks the account: the functions answer with that token', async () => {
    const addon = withClient();
    const mark = (await suite.sandbox.log()).length;
    const own = addon.call('AIVIS_PROJECTS') as unknown[][];
    const client = addon.call('AIVIS_PROJECTS', 'connection=Client B') as unknown[][];
    expect(own.length - 1).toBe(3);
    expect(client.length - 1).toBe(1);
    const accounts = (await suite.sandbox.since(mark)).map((entry) => entry.account);
    expect(new Set(accounts).size).toBe(2);
    const answers = addon.call(
      'AIVIS_ANSWERS',
      2001,
      'connection=Client B; max_rows=5',
    ) as unknown[][];
    expect(answers[0]).toContain('checked_at');
    expect(addon.errorOf('AIVIS_PROJECTS', 'connection=Nobody')).toMatch(
      /no connection named "Nobody"; .* has: Default, Client B/,
    );
  });

  test('rename and remove ask first when imports use the connection, and name them', () => {
    const addon = withClient('aivis_test_entry');
    addon.call('aivisInsertReport', {
      endpoint: 'projects',
      sheetName: 'Theirs',
      connection: 'Client B',
    });
    addon.call('aivisInsertReport', { endpoint: 'projects', sheetName: 'Ours' });

    const ask = addon.call('aivisRenameConnection', { from: 'Client B', to: 'Client C' }) as Change;
    expect(ask.done).toBe(false);
    expect(ask.affected).toEqual(['Theirs']);
    expect(ask.message).toMatch(
      /Renaming "Client B" affects 1 import\(s\) or dashboard\(s\): Theirs/,
    );
    expect(ask.state.connections.map((each) => each.name)).toContain('Client B');

    const done = addon.call('aivisRenameConnection', {
      from: 'Client B',
      to: 'Client C',
      confirmed: true,
    }) as Change;
    expect(done.done).toBe(true);
    const imports = JSON.parse(addon.documentProperties.getProperty('AIVIS_IMPORTS')!) as Array<{
      sheetName: string;
      connection?: string;
    }>;
    expect(imports.find((each) => each.sheetName === 'Theirs')?.connection).toBe('Client C');

    const remove = addon.call('aivisRemoveConnection', { name: 'Default' }) as Change;
    expect(remove).toMatchObject({ done: false, affected: ['Ours'] });
    const removed = addon.call('aivisRemoveConnection', {
      name: 'Default',
      confirmed: true,
    }) as Change;
    expect(removed.done).toBe(true);
    expect(removed.state.connections.map((each) => [each.name, each.isDefault])).toEqual([
      ['Client C', true],
    ]);
    expect(addon.userProperties().getProperty('AIVIS_TOKEN')).toBeNull();
  });

  test('a connection no import uses is removed at once; set default moves the default', () => {
    const addon = withClient();
    const state = addon.call('aivisSetDefaultConnection', 'Client B') as ConnectionsState;
    expect(state.connections.find((each) => each.isDefault)?.name).toBe('Client B');
    expect((addon.call('AIVIS_PROJECTS') as unknown[][]).length - 1).toBe(1);
    const change = addon.call('aivisRemoveConnection', { name: 'Client B' }) as Change;
    expect(change.done).toBe(true);
    expect(change.state.connections.map((each) => each.name)).toEqual(['Default']);
  });

  test('option keys that are Object.prototype names are parameters to complain about, not crashes', () => {
    const addon = suite.load();
    for (const key of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) {
      const error = addon.errorOf('AIVIS_ANSWERS', 1001, `${key}=1`);
      expect(error).toContain(
        `${key.toLowerCase()} is not a parameter of GET /projects/{project}/answers`,
      );
      expect(error).not.toMatch(/Cannot read|undefined|Unexpected failure/);
    }
  });
});
