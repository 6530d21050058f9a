/**
 * Responses whose body is a byte array known up front (the sandbox's cached
 * answers and precomputed errors). A fetch Response built from bytes copies
 * them and wraps them in a stream, which a host then reads back: per request
 * that costs more than the whole answer (measured: 0.8 ms for a 57 KB body
 * against 6 µs for a Response without one). A BytesResponse keeps the bytes
 * as they are: the Node host writes them in one `end()`, and any other reader
 * (a test calling the handler, a fake fetch) reads them through the usual
 * body methods, each of which gets its own copy, so nobody can alter the
 * cached bytes. Headers and status are a real Response's.
 */
const decoder = new TextDecoder();

export class BytesResponse extends Response {
  readonly #bytes: Uint8Array | null;
  #used = false;
  #stream: ReadableStream<Uint8Array<ArrayBuffer>> | null | undefined;

  constructor(bytes: Uint8Array | null, init: ResponseInit) {
    super(null, init);
    this.#bytes = bytes;
  }

  /** The bytes for the host to write; they are shared, so they are never modified. */
  get preparedBytes(): Uint8Array | null {
    return this.#bytes;
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    if (this.#stream !== undefined) return this.#stream;
    const bytes = this.#bytes;
    this.#stream = bytes
      ? new ReadableStream<Uint8Array<ArrayBuffer>>({
          pull: (controller) => {
            this.#used = true;
            controller.enqueue(bytes.slice());
            controller.close();
          },
        })
      : null;
    return this.#stream;
  }

  override get bodyUsed(): boolean {
    return this.#used;
  }

  #take(): Uint8Array<ArrayBuffer> {
    if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    return this.#bytes ? this.#bytes.slice() : new Uint8Array(0);
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.#take().buffer;
  }

  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#take();
  }

  override async text(): Promise<string> {
    return decoder.decode(this.#take());
  }

  override async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  override async blob(): Promise<Blob> {
    return new Blob([this.#take()], {
      type: this.headers.get('content-type') ?? '',
    });
  }

  override clone(): Response {
    if (this.#used) throw new TypeError('Response.clone: Body has already been consumed.');
    return new BytesResponse(this.#bytes, {
      status: this.status,
      statusText: this.statusText,
      headers: this.headers,
    });
  }
}

/**
 * A BytesResponse whose headers are a frozen record made once and shared by
 * every response that carries it (the proxy's cached answers: one record per
 * entry, state, second and CORS grant). A fetch Response copies a header
 * record into a new, validated and sorted Headers list, and the Node host
 * reads it back header by header: per request that was a sixth of a proxy
 * cache hit's time (docs/benchmarks.md). Here the Node host writes the record
 * as it is, and the Headers object is built only for a reader that asks.
 */
export class PreparedResponse extends BytesResponse {
  readonly preparedHeaders: Readonly<Record<string, string>>;
  #headers: Headers | undefined;

  constructor(bytes: Uint8Array | null, status: number, headers: Readonly<Record<string, string>>) {
    super(bytes, { status });
    this.preparedHeaders = headers;
  }

  override get headers(): Headers {
    this.#headers ??= new Headers(this.preparedHeaders);
    return this.#headers;
  }

  /** The record, while no reader has asked for the Headers (which it could change). */
  get unreadHeaders(): Readonly<Record<string, string>> | undefined {
    return this.#headers === undefined ? this.preparedHeaders : undefined;
  }
}

/**
 * The header record a PreparedResponse carries, for the host to write as it
 * is; undefined for any other, and for one whose Headers someone has read
 * (and may have changed): the host then writes those.
 */
export const preparedHeaders = (
  response: Response,
): Readonly<Record<string, string>> | undefined =>
  response instanceof PreparedResponse ? response.unreadHeaders : undefined;

export const responseWithBytes = (bytes: Uint8Array | null, init: ResponseInit): Response =>
  new BytesResponse(bytes, init);

/** The bytes a Response was made with, for the host to write directly; undefined for any other. */
export const preparedBody = (response: Response): Uint8Array | undefined =>
  response instanceof BytesResponse ? (response.preparedBytes ?? undefined) : undefined;
