/**
 * The snippets of docs/agencies.md, read out of the page and run: the
 * AIVIS_ACCOUNTS block is a configuration the proxy reads as written, and
 * the share commands make, list and revoke a link against it.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readProxyConfig } from '../../../proxy/config.js';
import { main } from '../../../scripts/aivis.js';

async function block(name: string): Promise<string[]> {
  const page = await readFile('docs/agencies.md', 'utf8');
  const text = new RegExp(
    `<!-- ${name}:start -->\\n\`\`\`sh\\n([\\s\\S]*?)\`\`\`\\n<!-- ${name}:end -->`,
  ).exec(page)?.[1];
  expect(text, name).toBeDefined();
  return text!.trim().split('\n');
}

async function docsEnv(): Promise<Record<string, string>> {
  return Object.fromEntries(
    (await block('agencies-env')).map((line) => {
      const at = line.indexOf('=');
      return [line.slice(0, at), line.slice(at + 1)];
    }),
  );
}

/** `npm run aivis -- a b "c d"` as main()'s argv. */
function argvOf(line: string): string[] {
  const rest = line.replace(/^npm run aivis -- /, '');
  return [...rest.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2]!);
}

describe('docs/agencies.md', () => {
  it('configures two accounts by the names of the variables holding their tokens', async () => {
    const config = readProxyConfig(await docsEnv());
    expect(config.accounts?.map((account) => account.label)).toEqual(['acme', 'globex']);
    expect(config.accounts?.[1]?.allowedProjects).toEqual([2001, 2002]);
  });

  it('makes, lists and revokes a link with the commands it shows', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'aivis-docs-links-'));
    const env = {
      ...(await docsEnv()),
      SHARE_SECRET: 'docs-secret-0123456789abcdef0123456789ab',
      PUBLIC_URL: 'https://reports.example.com',
      SHARE_FILE: join(folder, 'links.jsonl'),
    };
    const [create, list, revoke] = (await block('agencies-share')).map(argvOf);
    const written: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((text: string) => {
      written.push(text);
      return true;
    }) as typeof write;
    const errors = process.stderr.write;
    process.stderr.write = (() => true) as typeof errors;
    try {
      expect(await main(create!, env)).toBe(0);
      const link = written.join('').trim();
      expect(link).toMatch(/^https:\/\/reports\.example\.com\/s\/[a-z2-7]{10}\.[\w-]{43}$/);
      const prefix = 'https://reports.example.com/s/';
      const id = link.slice(prefix.length, prefix.length + 10);
      written.length = 0;
      expect(await main(list!, env)).toBe(0);
      expect(written.join('')).toMatch(
        new RegExp(`${id}\\s+Acme board\\s+1001\\s+aivis-dashboard`),
      );
      expect(await main([...revoke!.slice(0, -1), id], env)).toBe(0);
    } finally {
      process.stdout.write = write;
      process.stderr.write = errors;
      await rm(folder, { recursive: true, force: true });
    }
  });
});
