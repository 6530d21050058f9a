/**
 * The shared store on Cloudflare Workers: one Durable Object per account (by
 * the SHA-256 name of base URL and token) holds the budget, the client shares
 * and the coalescing locks for every isolate of every location, while
 * `caches.default` stays the shared cache (docs/proxy-scale-out.md#workers).
 *
 * A Durable Object runs one request at a time, so the same UpstreamPacer and
 * ClientShares one Node process uses are atomic here as they are: the object
 * reserves a slot and answers with the wait; the isolate sleeps it.
 * Web-standard APIs only.
 */
import { ClientShares } from './client-share.js';
import { hexDigest } from './digest.js';
import { type Reservation, UpstreamPacer } from './pacer.js';
import type { BudgetAnswer, ShareAnswer, SharedStore } from './store.js';

/** The part of a Durable Object namespace binding this uses. */
export interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown;
  get(id: never): { fetch(input: string, init: RequestInit): Promise<Response> };
}

/**
 * The object's side of durableObjectCaller: the call's JSON object, or
 * undefined for anything else (answered with BAD_CALL). Its fields are still
 * unchecked: each object reads them as input.
 */
export async function readObjectCall<Call extends object>(
  request: Request,
): Promise<Call | undefined> {
  try {
    const call: unknown = await request.json();
    return typeof call === 'object' && call !== null ? (call as Call) : undefined;
  } catch {
    return undefined;
  }
}

/** The answer to a call out of shape. */
export const badCall = (): Response => Response.json({ error: 'bad call' }, { status: 400 });

/**
 * Calls to the one object named `name`, each a JSON POST answered with JSON.
 * A stub per call: Workers refuses I/O through an object made while answering
 * another request ("Cannot perform I/O on behalf of a different request"),
 * and a store outlives requests. The budget and the client links (proxy/share/)
 * both talk to their objects this way.
 */
export function durableObjectCaller<Call>(
  namespace: DurableObjectNamespaceLike,
  name: string,
  what: string,
): <T>(body: Call) => Promise<T> {
  return async <T>(body: Call): Promise<T> => {
    const stub = namespace.get(namespace.idFromName(name) as never);
    const response = await stub.fetch('https://aivis-object.invalid/', {
      method: 'POST',
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${what} object answered ${response.status}`);
    return (await response.json()) as T;
  };
}

type Call =
  | { op: 'reserve'; now: number; windowMs: number; limit: number; cap: number; maxWaitMs: number }
  | {
      op: 'observe';
      now: number;
      windowMs: number;
      limit: number;
      announcedLimit?: number;
      remaining?: number;
      spentAt?: readonly number[];
    }
  | { op: 'block'; at: number; now: number }
  | { op: 'share'; client: string; share: number; now: number; windowMs: number }
  | { op: 'lock'; key: string; owner: string; ttlMs: number; now: number }
  | { op: 'unlock'; key: string; owner: string; now: number }
  | { op: 'locked'; key: string; now: number };

/** Locks and clients one object remembers at most. */
const MAX_LOCKS = 10_000;

/**
 * The Durable Object class: export it from the Workers entry and bind it
 * (wrangler.toml `[[durable_objects.bindings]]`, class_name "AivisAccount").
 */
export class AivisAccount {
  #pacer: UpstreamPacer | undefined;
  #clock = 0;
  readonly #shares = new ClientShares();
  readonly #locks = new Map<string, { owner: string; until: number }>();

  async fetch(request: Request): Promise<Response> {
    const call = await readObjectCall<Call>(request);
    if (!call || !Number.isFinite(call.now)) return badCall();
    // Isolates' clocks differ a little; the object's never runs backwards.
    this.#clock = Math.max(this.#clock, call.now);
    return Response.json(this.#answer(call));
  }

  #answer(call: Call): unknown {
    switch (call.op) {
      case 'reserve': {
        const pacer = this.#pacerFor(call.limit, call.cap, call.maxWaitMs, call.windowMs);
        const slot: Reservation = pacer.reserve();
        return { ...slot, limit: pacer.limit, remaining: pacer.remaining() };
      }
      case 'observe': {
        const pacer = this.#pacerFor(call.limit, 0, 0, call.windowMs);
        if (Array.isArray(call.spentAt)) pacer.record(call.spentAt.map(Number));
        pacer.observe(
          call.announcedLimit === undefined ? null : String(call.announcedLimit),
          call.remaining === undefined ? null : String(call.remaining),
        );
        return { ok: true };
      }
      case 'block':
        this.#pacerFor(60, 0, 0, undefined).blockUntil(call.at);
        return { ok: true };
      case 'share':
        return this.#shares.take(call.client, call.share, this.#clock);
      case 'lock': {
        this.#forgetExpired();
        const held = this.#locks.get(call.key);
        if (held && held.owner !== call.owner) return { held: false };
        if (this.#locks.size >= MAX_LOCKS) return { held: false };
        this.#locks.set(call.key, { owner: call.owner, until: this.#clock + call.ttlMs });
        return { held: true };
      }
      case 'unlock':
        if (this.#locks.get(call.key)?.owner === call.owner) this.#locks.delete(call.key);
        return { ok: true };
      case 'locked':
        this.#forgetExpired();
        return { locked: this.#locks.has(call.key) };
      default:
        return { error: 'unknown op' };
    }
  }

  #pacerFor(limit: number, cap: number, maxWaitMs: number, windowMs: number | undefined) {
    // The first call sets the account's figures; the isolates of one Worker share one configuration.
    this.#pacer ??= new UpstreamPacer({
      limit,
      ...(cap > 0 ? { cap } : {}),
      maxWaitMs,
      maxQueueLength: Number.MAX_SAFE_INTEGER,
      now: () => this.#clock,
      sleep: async () => undefined,
      ...(windowMs === undefined ? {} : { windowMs }),
    });
    return this.#pacer;
  }

  #forgetExpired(): void {
    for (const [key, lock] of this.#locks) if (lock.until <= this.#clock) this.#locks.delete(key);
  }
}

/** The handler's store on Workers: calls to the account's one object. */
export function durableObjectStore(
  namespace: DurableObjectNamespaceLike,
  account: string,
): SharedStore {
  // Tells this isolate's locks from another's; unguessable, so no other may release them.
  const owner = crypto.randomUUID();
  const call = durableObjectCaller<Call>(namespace, account, 'budget');
  return {
    kind: 'durable-object',
    async reserve(request) {
      const answer = await call<BudgetAnswer>({ op: 'reserve', ...request });
      if (typeof answer?.ok !== 'boolean' || !Number.isFinite(answer.limit)) {
        throw new Error('budget object answered out of shape');
      }
      return answer;
    },
    async observe(request) {
      await call({ op: 'observe', ...request });
    },
    async blockUntil(at, now) {
      await call({ op: 'block', at, now });
    },
    async takeShare(client, share, now, windowMs): Promise<ShareAnswer> {
      return call<ShareAnswer>({
        op: 'share',
        client: await hexDigest([client]),
        share,
        now,
        windowMs,
      });
    },
    async lock(key, ttlMs) {
      const answer = await call<{ held: boolean }>({
        op: 'lock',
        key,
        owner,
        ttlMs,
        now: Date.now(),
      });
      return answer.held === true;
    },
    async unlock(key) {
      await call({ op: 'unlock', key, owner, now: Date.now() });
    },
    async isLocked(key) {
      return (
        (await call<{ locked: boolean }>({ op: 'locked', key, now: Date.now() })).locked === true
      );
    },
  };
}
