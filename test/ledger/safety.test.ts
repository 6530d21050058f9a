/**
 * The ledger's safety rules (docs/ledger.md, "Safety"): a ledger written by a
 * newer version is refused with a message and left as it was; a Postgres
 * URL's password is never printed; a token never reaches the ledger, even
 * when the service echoes it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { describeLocation } from '../../ledger/driver.js';
import { LedgerVersionError, openLedger } from '../../ledger/store.js';
import { main as snapshotCli } from '../../scripts/ledger-snapshot.js';
import {
  BASE_URL,
  dayAfterDefault,
  ENTRY_TOKEN,
  FakeClock,
  sandboxOn,
  snapshot,
  temporaryFolder,
} from './fixtures.js';
import { POSTGRES_PASSWORD, startPostgres } from './postgres-server.js';
import { ledgerLocations } from './stores.js';

const temp = temporaryFolder();
afterAll(() => temp.remove());

describe.each(ledgerLocations())('safety in $engine', ({ location: make }) => {
  it('refuses a ledger a newer version wrote, and changes nothing in it', async () => {
    const location = await make(temp.folder);
    const store = await openLedger(location);
    await store.driver.run("UPDATE ledger_meta SET value = '99' WHERE key = 'schema_version'");
    await store.close();
    await expect(openLedger(location)).rejects.toThrow(LedgerVersionError);
    await expect(openLedger(location)).rejects.toThrow(
      /newer aivis \(schema 99; this one knows 1\)/,
    );
    const clock = new FakeClock();
    const run = await snapshot(sandboxOn(dayAfterDefault(1), clock), clock, location);
    expect(run.code).toBe(2);
    expect(String(run.report.reason)).toContain('Update aivis');
  });

  it('keeps no form of the token, even one the service echoes in a body', async () => {
    const location = await make(temp.folder);
    const clock = new FakeClock();
    const day = sandboxOn(dayAfterDefault(1), clock);
    const echoing = {
      ...day,
      async send(url: string, token: string) {
        const answer = await day.send(url, token);
        return {
          ...answer,
          text: answer.text.replace('"brand_name":"Brightlane"', `"brand_name":"Bearer ${token}"`),
        };
      },
    };
    const run = await snapshot(echoing, clock, location, { args: ['--project', '1001'] });
    expect(run.code).toBe(0);
    const store = await openLedger(location);
    try {
      const bodies = await store.bodies(1001, dayAfterDefault(1));
      expect(bodies.some((body) => body.text.includes('[redacted]'))).toBe(true);
      for (const body of bodies) expect(body.text).not.toContain(ENTRY_TOKEN);
    } finally {
      await store.close();
    }
  });
});

describe('the Postgres password', () => {
  it('is never printed, whether the server refuses it or takes it', async () => {
    const good = await (await startPostgres()).database();
    expect(describeLocation(good)).not.toContain(POSTGRES_PASSWORD);
    const wrong = good.replace(POSTGRES_PASSWORD, 'not-the-Pa55word');
    let out = '';
    const code = await snapshotCli(
      ['--base-url', BASE_URL, '--ledger', wrong],
      { AIVIS_TOKEN: ENTRY_TOKEN },
      {
        out: (text) => {
          out += text;
        },
        err: (text) => {
          out += text;
        },
      },
    );
    expect(code).toBe(2);
    expect(out).toContain('could not be opened');
    expect(out).not.toContain('not-the-Pa55word');
    expect(out).not.toContain(POSTGRES_PASSWORD);
  });
});
