/**
 * Client links on Cloudflare Workers (docs/agencies.md#where-links-live):
 * one Durable Object, named after SHARE_SECRET's digest (never the secret,
 * so a new secret starts an empty list, as in Redis), holds the links, their
 * revocations and view counts for every isolate of every location, in its
 * durable storage (a link outlives the object's restarts); each link's
 * views of the current minute are kept in memory (a restart forgives at
 * most one minute). The object answers one event at a time and its storage
 * calls hold the next event back, so a view is admitted atomically: not
 * revoked, within its minute, then counted. Web-standard APIs only.
 *
 * Links reach it from `share create` through the proxy's signed admin route
 * (proxy/share/share-admin.ts), like every other store.
 */
import { hexDigest } from '../digest.js';
import {
  badCall,
  type DurableObjectNamespaceLike,
  durableObjectCaller,
  readObjectCall,
} from '../durable-budget.js';
import {
  type Admission,
  LINK_GRACE_MS,
  LinkMinutes,
  type LinkRecord,
  type LinkStatus,
  type LinkStore,
  MAX_LINKS,
  readRecord,
} from './link-store.js';
import { ID_PATTERN } from './signed-link.js';

/** The part of a Durable Object's storage this uses (state.storage). */
export interface LinkStorageLike {
  get<T>(key: string): Promise<T | undefined>;
  put(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<boolean>;
  list<T>(options: { prefix: string; limit: number }): Promise<Map<string, T>>;
}

type Call =
  | { op: 'create'; record: unknown }
  | { op: 'get'; id: string }
  | { op: 'list'; now: number }
  | { op: 'revoke'; id: string; at: number }
  | { op: 'admit'; id: string; at: number; perMinute: number };

/**
 * The Durable Object class: export it from the Workers entry and bind it
 * (wrangler.toml `[[durable_objects.bindings]]`, class_name "AivisLinks").
 */
export class AivisLinks {
  readonly #storage: LinkStorageLike;
  readonly #minutes = new LinkMinutes();

  constructor(state: { storage: LinkStorageLike }) {
    this.#storage = state.storage;
  }

  async fetch(request: Request): Promise<Response> {
    const call = await readObjectCall<Call>(request);
    if (!call) return badCall();
    const answer = await this.#answer(call);
    return answer === undefined ? badCall() : Response.json(answer);
  }

  async #answer(call: Call): Promise<unknown> {
    const id =
      'id' in call && typeof call.id === 'string' && ID_PATTERN.test(call.id) ? call.id : '';
    switch (call.op) {
      case 'create': {
        const record = readRecord(call.record);
        if (!record) return undefined;
        const count = (await this.#storage.get<number>('count')) ?? 0;
        if (await this.#storage.get(`link:${record.id}`)) return { ok: true };
        if (count >= MAX_LINKS) return { ok: false, full: true };
        await this.#storage.put(`link:${record.id}`, record);
        await this.#storage.put('count', count + 1);
        return { ok: true };
      }
      case 'get':
        return id ? { record: (await this.#storage.get(`link:${id}`)) ?? null } : undefined;
      case 'list':
        return Number.isSafeInteger(call.now) ? { links: await this.#list(call.now) } : undefined;
      case 'revoke': {
        if (!id || !Number.isSafeInteger(call.at)) return undefined;
        if ((await this.#storage.get(`revoked:${id}`)) === undefined) {
          await this.#storage.put(`revoked:${id}`, call.at);
        }
        return { known: (await this.#storage.get(`link:${id}`)) !== undefined };
      }
      case 'admit': {
        if (!id || !Number.isSafeInteger(call.at) || !Number.isSafeInteger(call.perMinute)) {
          return undefined;
        }
        if ((await this.#storage.get(`revoked:${id}`)) !== undefined)
          return { admission: 'revoked' };
        if (!this.#minutes.take(id, call.at, call.perMinute)) return { admission: 'limited' };
        const seen = (await this.#storage.get<{ n: number; at: number }>(`views:${id}`)) ?? {
          n: 0,
          at: 0,
        };
        await this.#storage.put(`views:${id}`, { n: seen.n + 1, at: Math.max(seen.at, call.at) });
        return { admission: 'ok' };
      }
      default:
        return undefined;
    }
  }

  /** Every link with its state; links past their expiry by the grace period are dropped here. */
  async #list(now: number): Promise<LinkStatus[]> {
    const [links, revoked, views] = await Promise.all([
      this.#storage.list<unknown>({ prefix: 'link:', limit: MAX_LINKS }),
      this.#storage.list<number>({ prefix: 'revoked:', limit: MAX_LINKS }),
      this.#storage.list<{ n: number; at: number }>({ prefix: 'views:', limit: MAX_LINKS }),
    ]);
    const listed: LinkStatus[] = [];
    const gone: string[] = [];
    for (const value of links.values()) {
      const record = readRecord(value);
      if (!record) continue;
      if (record.expires * 1000 + LINK_GRACE_MS <= now) {
        gone.push(record.id);
        continue;
      }
      const status: LinkStatus = { ...record, views: views.get(`views:${record.id}`)?.n ?? 0 };
      const lastView = views.get(`views:${record.id}`)?.at;
      if (lastView) status.lastView = lastView;
      const at = revoked.get(`revoked:${record.id}`);
      if (at !== undefined) status.revoked = at;
      listed.push(status);
    }
    for (const id of gone) {
      for (const key of [`link:${id}`, `revoked:${id}`, `views:${id}`])
        await this.#storage.delete(key);
    }
    if (gone.length > 0) await this.#storage.put('count', Math.max(0, links.size - gone.length));
    return listed.sort((a, b) => a.created - b.created);
  }
}

/** The link store of a Worker: calls to the one AivisLinks object of this SHARE_SECRET. */
export async function durableLinkStore(
  namespace: DurableObjectNamespaceLike,
  secret: string,
): Promise<LinkStore> {
  const name = `aivis-share:${await hexDigest(['aivis-share-v1', secret], 8)}`;
  const call = durableObjectCaller<Call>(namespace, name, 'links');
  return {
    where: 'the Durable Object AivisLinks',
    async create(record: LinkRecord) {
      const answer = await call<{ ok: boolean; full?: boolean }>({ op: 'create', record });
      if (!answer.ok) {
        throw new Error(
          `it holds ${MAX_LINKS} links; revoke some, or wait until they are ${LINK_GRACE_MS / 86_400_000} days past their expiry`,
        );
      }
    },
    async get(id: string) {
      const record = readRecord((await call<{ record: unknown }>({ op: 'get', id })).record);
      return record?.id === id ? record : undefined;
    },
    async list() {
      const answer = await call<{ links: unknown }>({ op: 'list', now: Date.now() });
      return Array.isArray(answer.links) ? (answer.links as LinkStatus[]) : [];
    },
    async revoke(id: string, at: number) {
      return (await call<{ known: boolean }>({ op: 'revoke', id, at })).known === true;
    },
    async admit(id: string, at: number, perMinute: number): Promise<Admission> {
      const { admission } = await call<{ admission: string }>({ op: 'admit', id, at, perMinute });
      return admission === 'ok' || admission === 'limited' ? admission : 'revoked';
    },
    async close() {},
  };
}
