/** The ETag of a cached answer (proxy/etag.ts): Web Crypto's SHA-256 of the exact bytes, base64url, quoted. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { strongEtag } from '../../proxy/etag.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('strongEtag', () => {
  it('is the quoted base64url SHA-256 of the bytes (FIPS 180-4 vectors)', async () => {
    expect(await strongEtag(bytes('abc'))).toBe('"ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0"');
    expect(await strongEtag(new Uint8Array(0))).toBe(
      '"47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU"',
    );
  });

  it('is the same for the same bytes and differs when one byte differs', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 1, maxLength: 2_000 }),
        fc.nat(),
        async (body, at) => {
          const copy = body.slice();
          expect(await strongEtag(copy)).toBe(await strongEtag(body));
          const changed = body.slice();
          changed[at % changed.length]! ^= 0x01;
          expect(await strongEtag(changed)).not.toBe(await strongEtag(body));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads only the view it is given, not the rest of its buffer', async () => {
    const whole = bytes('xx{"data":[]}yy');
    expect(await strongEtag(whole.subarray(2, 13))).toBe(await strongEtag(bytes('{"data":[]}')));
  });
});
