/**
 * `npm run lock:complete`: adds lock entries for platform-specific optional
 * packages that this machine's registry does not carry (Biome's binaries for
 * macOS, Windows, Android and musl). Without them `npm ci` refuses the lock as
 * out of sync. The entries hold only the platform fields (os, cpu, libc), so
 * npm skips them on every machine they do not fit, as it would with entries
 * from a complete registry. Run it after any `npm install` that rewrites the lock.
 */
import { readFileSync, writeFileSync } from 'node:fs';

interface LockEntry {
  version?: string;
  optional?: boolean;
  dev?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
}

/** Reads os, cpu and libc from names like cli-linux-x64-musl or darwin-arm64. */
export function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> | undefined {
  const match =
    /(android|darwin|linux|win32|freebsd|openbsd|sunos|aix)-(x64|arm64|arm|ia32|ppc64|s390x|riscv64|loong64)(-(musl|gnu))?$/.exec(
      name,
    );
  if (!match) return undefined;
  return {
    os: [match[1]!],
    cpu: [match[2]!],
    ...(match[4] ? { libc: [match[4] === 'gnu' ? 'glibc' : match[4]] } : {}),
  };
}

/** The optional dependencies that have no entry of their own: what `npm ci` calls "Missing". */
export function missingOptionalEntries(
  packages: Record<string, LockEntry>,
): Array<[string, string, LockEntry]> {
  const missing: Array<[string, string, LockEntry]> = [];
  for (const [path, entry] of Object.entries(packages)) {
    for (const [dependency, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const key = `node_modules/${dependency}`;
      const nested = `${path}/node_modules/${dependency}`;
      if (!(key in packages) && !(nested in packages)) missing.push([key, version, entry]);
    }
  }
  return missing;
}

function main(): void {
  const file = 'package-lock.json';
  const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, LockEntry> };
  let added = 0;
  for (const [key, version, parent] of missingOptionalEntries(lock.packages)) {
    const platform = platformOf(key);
    if (!platform) {
      console.error(
        `lock:complete: ${key} is missing and is not a platform package; run npm install`,
      );
      process.exitCode = 1;
      continue;
    }
    lock.packages[key] = {
      version,
      ...(parent.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added++;
  }
  const sorted = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) =>
      a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1,
    ),
  );
  writeFileSync(file, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
  console.log(`lock:complete: ${added} platform entr${added === 1 ? 'y' : 'ies'} added`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
