import { describe, expect, it } from 'vitest';
import { Coalescer } from '../../proxy/coalescing.js';
import { FAILURE_BACKOFF_MS, FailureBackoff } from '../../proxy/failure-backoff.js';

describe('Coalescer', () => {
  it('shares one running call per key and forgets it once settled, failed or not', async () => {
    const calls = new Coalescer<number>();
    let started = 0;
    let finish: (value: number) => void = () => undefined;
    const start = () => {
      started += 1;
      return new Promise<number>((resolve) => {
        finish = resolve;
      });
    };
    const first = calls.run('a', start);
    const second = calls.run('a', start);
    expect(calls.has('a')).toBe(true);
    expect(calls.has('b')).toBe(false);
    finish(7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);
    expect(started).toBe(1);
    expect(calls.has('a')).toBe(false);
    await expect(calls.run('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(calls.has('a')).toBe(false);
  });
});

describe('FailureBackoff', () => {
  it('remembers a failure for the backoff and keeps at most maxKeys, dropping the oldest', () => {
    const failures = new FailureBackoff(2);
    failures.note('a', 'upstream 429', 1_000);
    expect(failures.get('a')).toEqual({
      until: 1_000 + FAILURE_BACKOFF_MS,
      reason: 'upstream 429',
    });
    failures.note('b', 'upstream 503', 1_000);
    failures.note('a', 'upstream timeout', 2_000);
    failures.note('c', 'upstream 502', 2_000);
    expect(failures.get('b')).toBeUndefined();
    expect(failures.get('a')?.reason).toBe('upstream timeout');
    failures.clear('a');
    expect(failures.get('a')).toBeUndefined();
    expect(failures.get('c')?.reason).toBe('upstream 502');
  });
});
