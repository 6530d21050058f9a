/**
 * Attacks on the agency surfaces (docs/agencies.md, docs/security.md): a
 * second writer of the link file, an account's list shaped to confuse the
 * merge, links signed with another secret or stretched past any sane length.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeLists, readAccountList } from '../../../proxy/accounts/merged-list.js';
import { FileLinkStore, MAX_FILE_BYTES, parseLinkLines } from '../../../proxy/share/file-links.js';
import { linkPath, readLinkAddress, signatureHolds } from '../../../proxy/share/signed-link.js';

const SECRET = 'a-secret-of-thirty-two-characters-or-more';
const RECORD = {
  id: 'abcdefghij',
  label: 'Board',
  project: 1001,
  view: 'aivis-dashboard',
  period: 'last_30_days',
  expires: 1_900_000_000,
  created: 1,
};

describe('a second writer of the link file', () => {
  it('cannot undo a revocation, forge a record or crash the reader', () => {
    const lines = [
      JSON.stringify({ op: 'create', ...RECORD }),
      JSON.stringify({ op: 'revoke', id: RECORD.id, at: 5 }),
      // Later lines that try to bring the link back or smuggle nonsense in.
      JSON.stringify({ op: 'create', ...RECORD, label: 'again' }),
      JSON.stringify({ op: 'unrevoke', id: RECORD.id }),
      JSON.stringify({ op: 'create', ...RECORD, id: '../../etc', project: 'x' }),
      JSON.stringify({ op: 'create', ...RECORD, id: 'kkkkkkkkkk', view: '<script>' }),
      JSON.stringify({ op: 'views', id: RECORD.id, n: -1000, at: 9 }),
      JSON.stringify({ op: 'views', id: RECORD.id, n: 1e300, at: 9 }),
      '{"op":"create","__proto__":{"polluted":true}}',
      'not json at all',
      '[]',
      'null',
    ].join('\n');
    const state = parseLinkLines(lines);
    expect(state.revoked.has(RECORD.id)).toBe(true);
    expect([...state.records.keys()]).toEqual([RECORD.id]);
    expect(state.records.get(RECORD.id)).toMatchObject({ label: 'Board', views: 0, revoked: 5 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses views rather than show a link it cannot check, once the file outgrows its bound', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'aivis-hostile-links-'));
    const path = join(folder, 'links.jsonl');
    try {
      await writeFile(path, Buffer.alloc(MAX_FILE_BYTES + 1, 0x20));
      await expect(new FileLinkStore(path).admit(RECORD.id, 1, 30)).rejects.toThrow(/larger than/);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe("an account's list shaped to confuse the merge", () => {
  it('keeps only objects, stamps the label over any account field, and counts nothing it cannot see', async () => {
    const list = readAccountList(
      'acme',
      200,
      JSON.stringify({
        projects: [1, 'x', null, [], { id: 5, account: 'globex' }, { id: '6' }],
        total: 99,
      }),
    );
    expect(list.projects?.map((project) => project.account)).toEqual(['acme', 'acme']);
    expect([...(list.ids ?? [])]).toEqual([5]);
    const merged = await mergeLists([list]).json();
    expect(merged).toEqual({ projects: list.projects });
  });

  it('names a failing account with a bounded message, never more', () => {
    const list = readAccountList(
      'acme',
      503,
      JSON.stringify({ error: { code: 'x'.repeat(500), message: 'y'.repeat(10_000) } }),
    );
    expect(list.failure?.code.length).toBeLessThanOrEqual(40);
    expect(list.failure?.message.length).toBeLessThanOrEqual(300);
  });
});

describe('links that are not ours', () => {
  it('refuses a link signed with another secret, and any stretched address, as no link', async () => {
    const fields = {
      id: 'abcdefghij',
      project: 1001,
      view: 'aivis-dashboard',
      period: 'last_30_days' as const,
      expires: 1_900_000_000,
      label: 'Board',
    };
    const foreign = readLinkAddress(
      await linkPath(fields, 'another-secret-of-thirty-two-characters'),
    );
    expect(foreign).toBeDefined();
    expect(await signatureHolds(fields, foreign!, SECRET)).toBe(false);
    const ours = await linkPath(fields, SECRET);
    expect(await signatureHolds(fields, readLinkAddress(ours)!, SECRET)).toBe(true);
    // The signature is over the id too: another record's id under the same signature is no link.
    expect(
      await signatureHolds({ ...fields, id: 'bcdefghijk' }, readLinkAddress(ours)!, SECRET),
    ).toBe(false);
    expect(readLinkAddress(`${ours}${'.x'.repeat(1000)}`)).toBeUndefined();
    expect(readLinkAddress(`${ours}${'A'.repeat(100_000)}`)).toBeUndefined();
    expect(readLinkAddress(`${ours}\n`)).toBeUndefined();
    expect(readLinkAddress(`${ours}%00`)).toBeUndefined();
  });
});
