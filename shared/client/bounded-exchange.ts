/**
 * One request whose answer is read up to a cap, for the drift check's shells
 * (the CLI, the explorer): an endless or huge answer holds at most that much
 * memory (docs/service-drift.md; the proxy reads upstream the same way,
 * proxy/body-limit.ts), and for the trend widget's ledger series. Apart from
 * fetch-exchange.ts so the widgets that read no such answer do not carry it.
 */
import { globalFetch, sendRequest } from './fetch-exchange.js';
import type { AbortSignalLike, FetchLike, HttpRequest, HttpResponse } from './types.js';

/** An answer longer than the reader's cap: it stopped reading there (the rest was never held). */
export class AnswerTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(tooLargeWords(maxBytes));
    this.name = 'AnswerTooLarge';
  }
}

/** The words of a report line for an answer over the cap. */
export const tooLargeWords = (maxBytes: number): string =>
  `the answer is larger than ${maxBytes / 1024 / 1024} MiB, the most this check reads: read no further, not checked`;

export async function boundedExchange(
  request: HttpRequest,
  {
    fetch = globalFetch()!,
    signal,
    maxBodyBytes,
  }: { fetch?: FetchLike; signal?: AbortSignalLike; maxBodyBytes: number },
): Promise<HttpResponse> {
  const { answer, headers } = await sendRequest(request, fetch, signal);
  return { status: answer.status, headers, body: await readAnswerBounded(answer, maxBodyBytes) };
}

/**
 * An answer's body up to `maxBytes` (read chunk by chunk where it is a
 * stream), or AnswerTooLarge: for whoever holds an answer it did not ask for
 * in full (the widgets' request cache reads a ledger series this way, the
 * proxy a client-link admin call's body).
 */
export async function readAnswerBounded(
  answer: Pick<Awaited<ReturnType<FetchLike>>, 'body' | 'text'>,
  maxBytes: number,
): Promise<string> {
  const stream = answer.body as StreamLike | null | undefined;
  const body =
    typeof stream?.getReader === 'function'
      ? await readBounded(stream, maxBytes)
      : await answer.text();
  if (body.length > maxBytes) throw new AnswerTooLarge(maxBytes);
  return body;
}

/** The body read chunk by chunk up to `maxBytes`, then cancelled. */
async function readBounded(stream: StreamLike, maxBytes: number): Promise<string> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new AnswerTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new (globalThis as unknown as { TextDecoder: TextDecoderLike }).TextDecoder().decode(
    bytes,
  );
}

/** The part of a ReadableStream of bytes a bounded read uses. */
interface StreamLike {
  getReader(): {
    read(): Promise<{ done: true; value?: undefined } | { done: false; value: Uint8Array }>;
    cancel(): Promise<void>;
  };
}

interface TextDecoderLike {
  new (): { decode(bytes: Uint8Array): string };
}
