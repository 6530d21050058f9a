/**
 * Many large answers at once: the bytes of upstream bodies the proxy holds
 * while reading and scrubbing them stay within MAX_BUFFERED_BYTES; the rest
 * wait their turn instead of all landing in memory together.
 */
import { describe, expect, it } from 'vitest';
import { BufferBusyError, ByteBudget } from '../../proxy/byte-budget.js';
import { testProxy } from './helpers.js';

const MiB = 1024 * 1024;
const ANSWER_BYTES = 7 * MiB;

/** An upstream whose 7 MB answers are streamed in 1 MiB chunks, counting bodies being read at once. */
function largeAnswers() {
  let reading = 0;
  let mostAtOnce = 0;
  let bodies = 0;
  const fetch = async (_input: string, _init: RequestInit): Promise<Response> => {
    const head = new TextEncoder().encode('{"answers":[],"pad":"');
    const tail = new TextEncoder().encode('"}');
    let sent = 0;
    let started = false;
    const finish = () => {
      if (started) reading -= 1;
      started = false;
    };
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (!started) {
            started = true;
            reading += 1;
            bodies += 1;
            mostAtOnce = Math.max(mostAtOnce, reading);
          }
          if (sent === 0) {
            controller.enqueue(head);
            sent += head.byteLength;
            return;
          }
          const left = ANSWER_BYTES - tail.byteLength - sent;
          if (left <= 0) {
            controller.enqueue(tail);
            controller.close();
            finish();
            return;
          }
          const size = Math.min(MiB, left);
          controller.enqueue(new Uint8Array(size).fill(0x61));
          sent += size;
        },
        cancel: finish,
      },
      // Nothing is pulled before someone reads.
      { highWaterMark: 0 },
    );
    return new Response(stream, {
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(ANSWER_BYTES) },
    });
  };
  return {
    fetch,
    stats: () => ({ mostAtOnce, bodies }),
  };
}

describe('bytes buffered at once', () => {
  it('reads 12 concurrent 7 MB answers at most two at a time under a 16 MiB bound, and answers them all', async () => {
    const upstream = largeAnswers();
    const proxy = testProxy(
      { baseUrl: 'https://upstream.example', maxBufferedBytes: 16 * MiB, cacheMaxBytes: 8 * MiB },
      { fetch: upstream.fetch },
    );
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        proxy.handler(new Request(`http://localhost/api/v1/projects/1001/answers?offset=${index}`)),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    const sizes = await Promise.all(
      answers.map(async (answer) => (await answer.arrayBuffer()).byteLength),
    );
    expect(statuses).toEqual(Array.from({ length: 12 }, () => 200));
    expect(sizes.every((size) => size === ANSWER_BYTES)).toBe(true);
    expect(upstream.stats().bodies).toBe(12);
    expect(upstream.stats().mostAtOnce).toBeLessThanOrEqual(2);
    expect(proxy.handler.stats().bufferedBytes).toBe(0);
  });
});

describe('answers from the cache', () => {
  it('share the cached bytes: forty viewers of a 7 MB answer do not make forty copies', async () => {
    const upstream = largeAnswers();
    const proxy = testProxy({ baseUrl: 'https://upstream.example' }, { fetch: upstream.fetch });
    const path = 'http://localhost/api/v1/projects/1001/answers?offset=1';
    expect((await (await proxy.handler(new Request(path))).arrayBuffer()).byteLength).toBe(
      ANSWER_BYTES,
    );
    const before = process.memoryUsage().arrayBuffers;
    const viewers = await Promise.all(
      Array.from({ length: 40 }, () => proxy.handler(new Request(path))),
    );
    expect(viewers.map((answer) => answer.headers.get('x-aivis-cache'))).toEqual(
      Array.from({ length: 40 }, () => 'HIT'),
    );
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(2 * ANSWER_BYTES);
    for (const viewer of viewers) await viewer.body?.cancel();
  });
});

describe('ByteBudget', () => {
  it('grants in arrival order within the capacity, refuses past the queue bound, drops an aborted waiter', async () => {
    const budget = new ByteBudget(10, 2);
    const first = await budget.reserve(6);
    const order: string[] = [];
    const second = budget.reserve(6).then((release) => {
      order.push('second');
      return release;
    });
    const aborted = new AbortController();
    const third = budget.reserve(1, aborted.signal).catch((error: Error) => error.name);
    await expect(budget.reserve(1)).rejects.toBeInstanceOf(BufferBusyError);
    expect(budget.waiting).toBe(2);
    aborted.abort(new DOMException('gone', 'TimeoutError'));
    expect(await third).toBe('TimeoutError');
    expect(order).toEqual([]);
    first();
    (await second)();
    expect(order).toEqual(['second']);
    expect(budget.used).toBe(0);
    // Never more than the capacity is asked for, so a large answer cannot wait forever.
    (await budget.reserve(1_000))();
  });
});
