/** The ETag's synchronous SHA-256 (proxy/sha256.ts), native or portable, matches node:crypto. */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { portableSha256, sha256 } from '../../proxy/sha256.js';

const reference = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('sha256', () => {
  it('gives the FIPS 180-4 digest at every padding boundary', () => {
    for (const length of [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 57_193]) {
      const bytes = new Uint8Array(length).map((_, i) => (i * 31 + length) & 0xff);
      expect(hex(portableSha256(bytes)), `length ${length}`).toBe(reference(bytes));
      expect(hex(sha256(bytes)), `length ${length}`).toBe(reference(bytes));
    }
    expect(hex(portableSha256(new TextEncoder().encode('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('agrees with node:crypto on any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(hex(portableSha256(bytes))).toBe(reference(bytes));
      }),
      { numRuns: 300 },
    );
  });
});
