/**
 * The chunks a bundle loads later (what its first render does not need) sit
 * beside it, named after it: aivis-widgets.js -> aivis-widgets.explanations.js.
 * Written once for the build, the package's file list and the size table
 * (docs/widgets.md, "Size").
 */
import { readdirSync } from 'node:fs';

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
