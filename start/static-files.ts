/** Serves files below one folder; nothing outside it is reachable. */
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.map': 'application/json; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
};

export async function serveFile(root: string, relativePath: string): Promise<Response | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relativePath);
  } catch {
    return undefined;
  }
  const base = resolve(root);
  const target = resolve(join(base, normalize(decoded)));
  if (target !== base && !target.startsWith(base + sep)) return undefined;
  const path = target === base || relativePath.endsWith('/') ? join(target, 'index.html') : target;
  try {
    const body = await readFile(path);
    return new Response(body, {
      headers: {
        'content-type': CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
      },
    });
  } catch {
    return undefined;
  }
}
