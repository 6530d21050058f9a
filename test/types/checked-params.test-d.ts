/**
 * Type tests: a checked parameter set (CheckedParams) is only what
 * validateParams returns, for its own endpoint, and the clients take it
 * where they take params.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { type CheckedParams, validateParams } from '../../shared/api/validate.js';
import type { AivisClient, AivisSyncClient } from '../../shared/client/types.js';

declare const client: AivisClient;
declare const syncClient: AivisSyncClient;

describe('CheckedParams', () => {
  it('cannot be written by hand, however right the values', () => {
    expectTypeOf<{ project: 1001; limit: 20 }>().not.toMatchTypeOf<CheckedParams<'answers'>>();
  });

  it('belongs to one endpoint: a set checked for another is not one', () => {
    expectTypeOf<CheckedParams<'summary'>>().not.toMatchTypeOf<CheckedParams<'answers'>>();
  });

  it('is what validateParams returns, and the clients take it as their params', () => {
    const result = validateParams('answers', { project: '1001' });
    if (result.ok) {
      expectTypeOf(result.params).toEqualTypeOf<CheckedParams<'answers'>>();
      expectTypeOf(client.get('answers', result.params)).resolves.toHaveProperty('answers');
      expectTypeOf(client.collect).toBeCallableWith('answers', result.params);
      expectTypeOf(syncClient.get('answers', result.params)).toHaveProperty('answers');
    }
  });

  it('cannot be changed after its check', () => {
    const result = validateParams('answers', { project: '1001' });
    if (result.ok) {
      // @ts-expect-error a checked set is read-only
      result.params.limit = 500;
    }
  });
});
