/**
 * `npm ci` refuses a lock in which an optional dependency has no entry, which
 * happens here because the registry lacks some platforms' binaries
 * (scripts/complete-lockfile.ts). This keeps the README's `npm ci` working.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { missingOptionalEntries, platformOf } from '../../scripts/complete-lockfile.js';

describe('package-lock.json', () => {
  it('has an entry for every optional dependency, so npm ci accepts it (run npm run lock:complete)', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
    expect(missingOptionalEntries(lock.packages).map(([key]) => key)).toEqual([]);
  });

  it('reads platforms from package names', () => {
    expect(platformOf('node_modules/@biomejs/cli-linux-x64-musl')).toEqual({
      os: ['linux'],
      cpu: ['x64'],
      libc: ['musl'],
    });
    expect(platformOf('node_modules/@biomejs/cli-win32-arm64')).toEqual({
      os: ['win32'],
      cpu: ['arm64'],
    });
    expect(platformOf('node_modules/lit')).toBeUndefined();
  });
});
