/**
 * The README is a door (at most 8 KB: what the service is, one picture, how
 * to start, links) and each product has its page in docs/. Every link of
 * those pages leads somewhere, and none points a reader at something they
 * cannot open: an issue number, a commit hash, "this wave".
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const README_MAX_BYTES = 8 * 1024;

/** One page per product, each linked from the README. */
const PRODUCT_PAGES = [
  'docs/widgets.md',
  'docs/sheets.md',
  'docs/looker-studio.md',
  'docs/proxy.md',
  'docs/sandbox.md',
  'docs/core.md',
  'docs/benchmarks.md',
  'docs/contributing.md',
];

const pages = () => [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
];

/** References a reader of the repository cannot follow. */
const UNFOLLOWABLE = [
  /\bissues? #?\d+/i,
  /\bthis wave\b/i,
  /\b(?:commit|before|after) \(?`?[0-9a-f]{7,40}\b/i,
  /\([0-9a-f]{7,40}\)/,
];

describe('README and docs/', () => {
  it(`README.md is at most ${README_MAX_BYTES} bytes`, () => {
    expect(readFileSync(join(ROOT, 'README.md')).length).toBeLessThanOrEqual(README_MAX_BYTES);
  });

  it('has a page per product, each linked from the README', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const page of PRODUCT_PAGES) {
      expect(existsSync(join(ROOT, page)), page).toBe(true);
      expect(readme, page).toContain(`](${page})`);
    }
  });

  it('says how to run the tests, with their needs, and where a token comes from', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const needed of [
      'npm ci && npm start',
      'npm test',
      'npm run test:unit',
      'chromium',
      'nginx',
      'systemd-analyze',
      'token page',
      'needs redis-server',
    ]) {
      expect(readme).toContain(needed);
    }
  });

  it('links only to files that exist', () => {
    for (const page of pages()) {
      const text = readFileSync(join(ROOT, page), 'utf8');
      for (const match of text.matchAll(/\]\(([^)\s#]+)(#[^)]*)?\)/g)) {
        const target = match[1]!;
        if (/^[a-z]+:/i.test(target)) continue;
        expect(existsSync(join(ROOT, dirname(page), target)), `${page} links to ${target}`).toBe(
          true,
        );
      }
    }
  });

  it("links to a section only when the page has a heading of that name (GitHub's anchors)", () => {
    const anchorsOf = (file: string) =>
      new Set(
        [...readFileSync(file, 'utf8').matchAll(/^#{1,6} (.+)$/gm)].map((heading) =>
          heading[1]!
            .trim()
            .toLowerCase()
            .replace(/[^\p{L}\p{N} _-]/gu, '')
            .replace(/ /g, '-'),
        ),
      );
    for (const page of pages()) {
      const text = readFileSync(join(ROOT, page), 'utf8');
      for (const match of text.matchAll(/\]\(([^)\s#]*\.md)?#([^)\s]+)\)/g)) {
        const file = join(ROOT, dirname(page), match[1] ?? page.split('/').pop()!);
        if (!existsSync(file)) continue;
        expect(
          anchorsOf(file).has(match[2]!),
          `${page} links to ${match[1] ?? ''}#${match[2]}`,
        ).toBe(true);
      }
    }
  });

  it('names no issue, commit or wave a reader cannot open', () => {
    for (const page of pages()) {
      const text = readFileSync(join(ROOT, page), 'utf8');
      for (const pattern of UNFOLLOWABLE) expect(text, page).not.toMatch(pattern);
    }
  });

  it('source code cites docs/, never an issue a reader cannot open', () => {
    const sources = execFileSync('git', ['ls-files', '*.ts', '*.js', '*.mjs', '*.css', '*.html'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\n')
      // This file names the pattern it forbids.
      .filter((file) => file !== '' && file !== 'test/repo/docs.test.ts');
    expect(sources.length).toBeGreaterThan(100);
    const citing = sources.filter((file) =>
      /\bissues? #?\d+/i.test(readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(citing).toEqual([]);
  });
});
