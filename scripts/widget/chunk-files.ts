/**
 * The chunks a bundle loads later (what its first render does not need) sit
 * beside it, named after it: aivis-widgets.js -> aivis-widgets.explanations.js.
 * Written once for the build, the package's file list and the size table
 * (docs/widgets.md, "Size").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';

const stem = (bundleFile: string) => bundleFile.replace(/\.js$/, '');

/** Rolldown's chunkFileNames for `bundleFile`, and with name '*' the package's glob for its chunks. */
export const chunkFileName = (bundleFile: string, name = '[name]'): string =>
  `${stem(bundleFile)}.${name}.js`;

/** The chunks of `bundleFile` found in `dir` (relative to it, sorted). */
export function chunkFilesOf(bundleFile: string, dir: string): string[] {
  const prefix = `${stem(bundleFile)}.`;
  const folder = bundleFile.includes('/')
    ? bundleFile.slice(0, bundleFile.lastIndexOf('/') + 1)
    : '';
  return readdirSync(`${dir}${folder}`)
    .map((file) => `${folder}${file}`)
    .filter((file) => file !== bundleFile && file.startsWith(prefix) && file.endsWith('.js'))
    .sort();
}

/**
 * `file` and every module it imports statically (`from "./…"`), relative to
 * `dir`: what a page loads for it before its first render (a standalone
 * element: its entry, the shared runtime and any shared chunk).
 */
export function staticImports(file: string, dir: string): string[] {
  const seen = new Set<string>();
  const pending = [file];
  // A build has a few dozen modules; the bound keeps a malformed one from looping.
  while (pending.length > 0 && seen.size < 200) {
    const next = pending.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    const text = readFileSync(`${dir}${next}`, 'utf8');
    for (const match of text.matchAll(/\b(?:from|import)\s*"(\.\/[^"]+)"/g)) {
      pending.push(posix.join(posix.dirname(next), match[1]!));
    }
  }
  return [...seen].sort();
}
