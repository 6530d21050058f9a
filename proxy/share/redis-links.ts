/**
 * Client links in Redis (REDIS_URL, docs/agencies.md#where-links-live): every
 * instance of a fleet reads the same revocations, counts the same views and
 * shares one per-minute allowance per link. Node only, like REDIS_URL.
 *
 * Keys share one hash tag named after SHARE_SECRET's digest (never the
 * secret), so a new secret starts an empty list and ADMIT_SCRIPT's keys sit
 * on one Redis Cluster slot. A view is admitted atomically: not revoked,
 * within the link's minute, then counted.
 */
import { Redis } from 'ioredis';
import { hexDigest } from '../digest.js';
import {
  type Admission,
  LINK_GRACE_MS,
  LINK_WINDOW_MS,
  type LinkRecord,
  type LinkStatus,
  type LinkStore,
  MAX_LINKS,
  readRecord,
} from './link-store.js';

/** KEYS: revoked, views, last view, this minute's count. ARGV: id, at, per minute, window ms. */
export const ADMIT_SCRIPT = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 'revoked' end
local n = redis.call('INCR', KEYS[4])
if n == 1 then redis.call('PEXPIRE', KEYS[4], ARGV[4]) end
if n > tonumber(ARGV[3]) then return 'limited' end
redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
redis.call('HSET', KEYS[3], ARGV[1], ARGV[2])
return 'ok'
`;

type AdmitRedis = Redis & {
  aivisAdmit(...args: (string | number)[]): Promise<string>;
};

export interface RedisLinkOptions {
  url: string;
  secret: string;
  timeoutMs: number;
  /** The clock of the grace period (tests inject one). */
  now?: () => number;
}

export async function createRedisLinkStore(options: RedisLinkOptions): Promise<LinkStore> {
  const redis = new Redis(options.url, {
    enableOfflineQueue: true,
    maxRetriesPerRequest: 1,
    commandTimeout: Math.max(1_000, options.timeoutMs * 4),
    connectTimeout: Math.max(1_000, options.timeoutMs * 4),
    retryStrategy: (times) => Math.min(100 * times, 1_000),
  }) as AdmitRedis;
  redis.on('error', () => undefined);
  redis.defineCommand('aivisAdmit', { numberOfKeys: 4, lua: ADMIT_SCRIPT });
  const tag = `{aivis-share:${await hexDigest(['aivis-share-v1', options.secret], 8)}}`;
  const key = (name: string) => `${tag}:${name}`;
  const { hostname, port } = new URL(options.url);
  return {
    where: `redis ${hostname}:${port || 6379}`,
    async create(record: LinkRecord) {
      if ((await redis.hlen(key('links'))) >= MAX_LINKS) {
        throw new Error(
          `it holds ${MAX_LINKS} links; revoke some, or wait until they are ${LINK_GRACE_MS / 86_400_000} days past their expiry`,
        );
      }
      await redis.hset(key('links'), record.id, JSON.stringify(record));
    },
    async get(id: string) {
      const text = await redis.hget(key('links'), id);
      if (text === null || text.length > 4_096) return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return undefined;
      }
      const record = readRecord(parsed);
      return record?.id === id ? record : undefined;
    },
    async list() {
      const [revoked, views, last] = await Promise.all([
        redis.hgetall(key('revoked')),
        redis.hgetall(key('views')),
        redis.hgetall(key('last')),
      ]);
      const links: LinkStatus[] = [];
      // Links past their expiry by the grace period leave the store as it lists them.
      const oldest = (options.now ?? Date.now)() - LINK_GRACE_MS;
      const gone: string[] = [];
      let cursor = '0';
      // Bounded: at most MAX_LINKS links, however many a writer put there.
      do {
        const [next, pairs] = await redis.hscan(key('links'), cursor, 'COUNT', 500);
        cursor = next;
        for (let index = 0; index + 1 < pairs.length && links.length < MAX_LINKS; index += 2) {
          let parsed: unknown;
          try {
            parsed = JSON.parse(pairs[index + 1]!);
          } catch {
            continue;
          }
          const record = readRecord(parsed);
          if (!record || record.id !== pairs[index]) continue;
          if (record.expires * 1000 <= oldest) {
            gone.push(record.id);
            continue;
          }
          const status: LinkStatus = { ...record, views: count(views[record.id]) };
          const seen = count(last[record.id]);
          if (seen > 0) status.lastView = seen;
          const ended = count(revoked[record.id]);
          if (ended > 0) status.revoked = ended;
          links.push(status);
        }
      } while (cursor !== '0' && links.length < MAX_LINKS && gone.length < MAX_LINKS);
      if (gone.length > 0) {
        const drop = redis.multi();
        for (const name of ['links', 'revoked', 'views', 'last']) drop.hdel(key(name), ...gone);
        await drop.exec();
      }
      return links.sort((a, b) => a.created - b.created);
    },
    async revoke(id: string, at: number) {
      await redis.hset(key('revoked'), id, String(at));
      return (await redis.hexists(key('links'), id)) === 1;
    },
    async admit(id: string, at: number, perMinute: number): Promise<Admission> {
      const minute = Math.floor(at / LINK_WINDOW_MS);
      const answer = await redis.aivisAdmit(
        key('revoked'),
        key('views'),
        key('last'),
        key(`minute:${id}:${minute}`),
        id,
        at,
        perMinute,
        LINK_WINDOW_MS + 1_000,
      );
      return answer === 'ok' || answer === 'limited' ? answer : 'revoked';
    },
    async close() {
      redis.disconnect();
    },
  };
}

function count(text: string | undefined): number {
  const value = Number(text);
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}
