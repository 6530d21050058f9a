/**
 * The handler runs unchanged on Workers, Deno and Bun only if nothing it
 * imports, however indirectly, reaches for Node: this walks the import graph
 * from proxy/handler.ts and proxy/config.ts and checks every module's source.
 */
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
/**
 * Packages that are plain ECMAScript and bundle for any runtime. Lit (the
 * cards' templates, ssr/) with its `node` export condition, which needs no
 * DOM and no Node built-in: test/edge runs the cards on workerd and Bun.
 */
const PORTABLE_PACKAGES = ['zod', 'zod/mini', 'lit', '@lit/task', '@lit/context'];
const NODE_ONLY = [/\bprocess\./, /\bBuffer\b/, /\brequire\(/, /__dirname/, /\bsetImmediate\(/];

function moduleGraph(entries: string[]): Map<string, string> {
  const seen = new Map<string, string>();
  const queue = entries.map((entry) => resolve(ROOT, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    const source = readFileSync(file, 'utf8');
    seen.set(file, source);
    for (const match of source.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3]!;
      if (specifier.startsWith('.'))
        queue.push(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else seen.set(`package:${specifier}`, '');
    }
  }
  return seen;
}

describe('the handler is web-standard', () => {
  const graph = moduleGraph(['proxy/handler.ts', 'proxy/config.ts', 'proxy/log.ts']);

  it('imports no Node module and no package beyond plain ECMAScript ones', () => {
    const packages = [...graph.keys()]
      .filter((key) => key.startsWith('package:'))
      .map((key) => key.slice('package:'.length));
    expect(packages.filter((name) => !PORTABLE_PACKAGES.includes(name))).toEqual([]);
    expect(graph.has(resolve(ROOT, 'proxy/main.ts'))).toBe(false);
  });

  it('uses no Node global in any module it loads', () => {
    const offenders: string[] = [];
    for (const [file, source] of graph) {
      if (file.startsWith('package:')) continue;
      const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
      for (const pattern of NODE_ONLY) {
        if (pattern.test(code)) offenders.push(`${relative(ROOT, file)}: ${pattern}`);
      }
    }
    expect(offenders).toEqual([]);
    expect(graph.size).toBeGreaterThan(8);
  });
});
