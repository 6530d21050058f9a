/**
 * docs/ledger.md as a user follows it: the tables section is what
 * ledger/tables.ts generates, and each export command the page shows runs
 * (its dates moved to a sandbox day, its files into a temporary folder).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withTables } from '../../ledger/tables-doc.js';
import { main as exportCli } from '../../scripts/ledger-export.js';
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

const PAGE = readFileSync('docs/ledger.md', 'utf8');
const temp = temporaryFolder();
afterAll(() => temp.remove());

describe('docs/ledger.md', () => {
  it('lists the tables as ledger/tables.ts defines them (npx tsx ledger/tables-doc.ts)', () => {
    expect(PAGE).toBe(withTables(PAGE));
  });

  it('states the dry run’s cost for the sandbox’s entry account as the command does', async () => {
    const stated = /`(snapshot would spend about \d+ requests for 3 projects)`/.exec(PAGE)?.[1];
    expect(stated).toBeDefined();
    const clock = new FakeClock();
    const day = sandboxOn(dayAfterDefault(1), clock);
    let out = '';
    const code = await snapshotCli(
      ['--base-url', BASE_URL, '--dry-run'],
      { AIVIS_TOKEN: ENTRY_TOKEN },
      { send: day.send, now: clock.now, sleep: clock.sleep, out: (text) => (out += text) },
    );
    expect(code).toBe(0);
    expect(out).toContain(stated);
  });

  it('runs each export command it shows', async () => {
    const ledger = join(temp.folder, 'docs.duckdb');
    const clock = new FakeClock();
    const run = await snapshot(sandboxOn(dayAfterDefault(1), clock), clock, ledger, {
      args: ['--project', '1001'],
    });
    expect(run.code).toBe(0);
    const section = PAGE.slice(PAGE.indexOf('## Export'));
    const commands = section
      .slice(0, section.indexOf('```', section.indexOf('```sh') + 5))
      .split('\n')
      .filter((line) => line.startsWith('npm run aivis -- export '));
    expect(commands.length).toBeGreaterThanOrEqual(4);
    for (const command of commands) {
      const words = command
        .replace(/\s+#.*$/, '')
        .replace(/\s*>\s*\S+$/, '')
        .split(/\s+/)
        .slice(5);
      const args = words.map((word, index) => {
        if (words[index - 1] === '--from' || words[index - 1] === '--to') return dayAfterDefault(1);
        if (words[index - 1] === '--out') return join(temp.folder, word);
        return word;
      });
      let out = '';
      const code = await exportCli(
        [...args, '--ledger', ledger],
        {},
        {
          out: (text) => {
            out += text;
          },
          err: () => {},
        },
      );
      expect(code, command).toBe(0);
      const file = args[args.indexOf('--out') + 1];
      if (args.includes('--out')) expect(existsSync(file!), command).toBe(true);
      else expect(out.length, command).toBeGreaterThan(10);
    }
  });
});
