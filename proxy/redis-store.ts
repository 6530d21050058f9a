/**
 * The shared store on Redis (or Valkey) for a fleet of Node proxies
 * (REDIS_URL, docs/proxy-scale-out.md). Node only: the Node entry builds it
 * and hands it to the handler.
 *
 * - answers: one key per cache scope and path (SHA-256 names), the TTL on the key,
 *   each entry sealed with a key derived from the token (stored-answer.ts), and
 *   read with GETRANGE so no value larger than an entry can be is ever loaded;
 * - budget: a sorted set of sends per account, changed only by BUDGET_SCRIPT,
 *   the same sliding window as UpstreamPacer run atomically inside Redis;
 * - client shares: a token bucket per client key (SHARE_SCRIPT);
 * - coalescing: `SET NX PX` locks, released only by their holder.
 *
 * The client fails fast: no offline queue, a command timeout, reconnecting in
 * the background. The URL's password is never logged (only host and port are).
 */
import { Redis } from 'ioredis';
import type { CachedAnswer } from './cache.js';
import { hexDigest } from './digest.js';
import { PACER_WINDOW_MS } from './pacer.js';
import type { SharedAnswerStore } from './shared-cache.js';
import {
  type BudgetAnswer,
  MAX_REPORTED_SENDS,
  type ShareAnswer,
  type SharedStore,
} from './store.js';
import {
  decodeStoredAnswer,
  encodeStoredAnswer,
  MAX_STORED_ENTRY_BYTES,
  storeSeal,
} from './stored-answer.js';

/**
 * The budget, atomically. KEYS: the sends (sorted set: member "seq:count",
 * score the send time) and the state (hash: learned limit, blocked-until,
 * sequence). ARGV: op (reserve | observe | block), now, window, assumed
 * limit, cap (0 none), then reserve: maxWait; observe: announced limit,
 * remaining ('' when absent), then the times of sends an instance made
 * alone (added as they are, within the window); block: until. Returns ok (1/0), wait or
 * retry-after ms, limit, remaining: the figures UpstreamPacer gives.
 */
export const BUDGET_SCRIPT = `
local runs, state = KEYS[1], KEYS[2]
local op = ARGV[1]
local now = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local plan = tonumber(redis.call('HGET', state, 'limit') or '') or tonumber(ARGV[4])
local cap = tonumber(ARGV[5])
redis.call('ZREMRANGEBYSCORE', runs, '-inf', now - window)
local list = redis.call('ZRANGE', runs, 0, -1, 'WITHSCORES')
local counts, times, total = {}, {}, 0
for i = 1, #list, 2 do
  local count = tonumber(string.match(list[i], ':(%d+)$')) or 0
  counts[#counts + 1] = count
  times[#times + 1] = tonumber(list[i + 1])
  total = total + count
end
local function insert(at, count)
  local seq = redis.call('HINCRBY', state, 'seq', 1)
  redis.call('ZADD', runs, at, seq .. ':' .. count)
  total = total + count
end
local function limit()
  if cap > 0 and cap < plan then return cap end
  return plan
end
local blocked = tonumber(redis.call('HGET', state, 'blocked') or '') or 0
local ok, wait = 1, 0
if op == 'reserve' then
  local at = now
  local lim = limit()
  if total >= lim then
    local index, seen, oldest = total - lim, 0, times[#times]
    for i = 1, #counts do
      seen = seen + counts[i]
      if seen > index then oldest = times[i] break end
    end
    at = math.max(at, oldest + window)
  end
  at = math.max(at, blocked)
  wait = at - now
  if wait > tonumber(ARGV[6]) then
    ok = 0
  else
    insert(at, 1)
    wait = math.max(0, wait)
  end
elseif op == 'observe' then
  for i = 8, math.min(#ARGV, 8 + 1000) do
    local at = tonumber(ARGV[i])
    if at and at > now - window and at <= now then insert(at, 1) end
  end
  local announced = tonumber(ARGV[6])
  if announced and announced > 0 then
    plan = announced
    redis.call('HSET', state, 'limit', announced)
  end
  local remaining = tonumber(ARGV[7])
  if remaining then
    local sent = 0
    for i = 1, #counts do
      if times[i] <= now then sent = sent + counts[i] end
    end
    local unseen = math.min(plan, plan - remaining - sent)
    if unseen > 0 then insert(now, unseen) end
  end
elseif op == 'block' then
  local untilAt = tonumber(ARGV[6])
  if untilAt > blocked then redis.call('HSET', state, 'blocked', untilAt) end
end
redis.call('PEXPIRE', runs, window * 3)
redis.call('PEXPIRE', state, 86400000)
local lim = limit()
return {ok, wait, lim, math.max(0, lim - total)}
`;

/**
 * A client's share: a token bucket (like ClientShares). KEYS: the bucket.
 * ARGV: now, share, window. Returns ok (1/0), retry-after ms.
 */
export const SHARE_SCRIPT = `
local key = KEYS[1]
local now, share, window = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local capacity = math.max(1, share)
local perMs = capacity / window
local tokens = tonumber(redis.call('HGET', key, 't') or '')
local at = tonumber(redis.call('HGET', key, 'a') or '')
if tokens and at then
  tokens = math.min(capacity, tokens + math.max(0, now - at) * perMs)
else
  tokens = capacity
end
local ok, retry = 1, 0
if tokens >= 1 then
  tokens = tokens - 1
else
  ok = 0
  retry = math.ceil((1 - tokens) / perMs)
end
redis.call('HSET', key, 't', tostring(tokens), 'a', now)
redis.call('PEXPIRE', key, window * 2)
return {ok, retry}
`;

/** Deletes a lock only while it is still the caller's. */
const UNLOCK_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

interface ScriptedRedis extends Redis {
  aivisBudget(runs: string, state: string, ...args: (string | number)[]): Promise<number[]>;
  aivisShare(bucket: string, ...args: (string | number)[]): Promise<number[]>;
  aivisUnlock(lock: string, owner: string): Promise<number>;
}

export interface RedisStoreOptions {
  url: string;
  /** Account name (stored-answer.ts accountName). */
  account: string;
  /** Cache scope name (stored-answer.ts cacheScopeName). */
  scope: string;
  /** The token: the key that seals stored answers is derived from it (stored-answer.ts storeSeal). */
  secret: string;
  /** Bound of every command, and of the connection attempt, in ms. */
  timeoutMs: number;
  now: () => number;
}

export interface RedisStore extends SharedStore {
  readonly answers: SharedAnswerStore;
  /** Resolves once connected, or after `timeoutMs` either way (the instance then starts alone). */
  ready(): Promise<boolean>;
  close(): Promise<void>;
  /** host:port, without credentials: for the log. */
  readonly where: string;
}

/** Where the URL points, for the log: never its user or password. */
export function redisWhere(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname.length > 1 ? parsed.pathname : ''}`;
  } catch {
    return 'redis';
  }
}

export function createRedisStore(options: RedisStoreOptions): RedisStore {
  const redis = new Redis(options.url, {
    // Fail fast when Redis is away: the caller then works alone (store.ts StoreLink).
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: options.timeoutMs,
    connectTimeout: Math.max(1_000, options.timeoutMs * 4),
    retryStrategy: (times) => Math.min(100 * times, 1_000),
    enableReadyCheck: true,
  }) as ScriptedRedis;
  // Errors reach the callers of each command; the connection's own events are not logged
  // (they would repeat every second while Redis is away, and StoreLink says it once).
  redis.on('error', () => undefined);
  redis.defineCommand('aivisBudget', { numberOfKeys: 2, lua: BUDGET_SCRIPT });
  redis.defineCommand('aivisShare', { numberOfKeys: 1, lua: SHARE_SCRIPT });
  redis.defineCommand('aivisUnlock', { numberOfKeys: 1, lua: UNLOCK_SCRIPT });

  const { account, scope } = options;
  const runsKey = `aivis:${account}:sends`;
  const stateKey = `aivis:${account}:budget`;
  const answerKey = async (key: string) => `aivis:${scope}:answer:${await hexDigest([key])}`;
  const lockKey = async (key: string) => `aivis:${scope}:lock:${await hexDigest([key])}`;
  const seal = storeSeal(options.secret);
  // Tells this instance's locks from another's; unguessable, so no other may release them.
  const owner = crypto.randomUUID();

  const budget = async (args: (string | number)[]): Promise<BudgetAnswer> => {
    const [ok, wait, limit, remaining] = (await redis.aivisBudget(runsKey, stateKey, ...args)).map(
      Number,
    ) as [number, number, number, number];
    return ok === 1
      ? { ok: true, waitMs: wait, limit, remaining }
      : { ok: false, retryAfterMs: wait, reason: 'wait_too_long', limit, remaining };
  };

  return {
    kind: 'redis',
    where: redisWhere(options.url),
    answers: {
      async get(key: string): Promise<CachedAnswer | undefined> {
        // At most one byte past the largest entry: a larger value (planted, or a bug) is a miss
        // and is never loaded whole (GETRANGE of a missing key is empty, also a miss).
        const bytes = await redis.getrangeBuffer(await answerKey(key), 0, MAX_STORED_ENTRY_BYTES);
        if (bytes.byteLength > MAX_STORED_ENTRY_BYTES) return undefined;
        return decodeStoredAnswer(await seal, bytes, scope, key, options.now());
      },
      async put(key: string, entry: CachedAnswer, keepMs: number): Promise<void> {
        const bytes = await encodeStoredAnswer(await seal, scope, key, entry);
        await redis.set(
          await answerKey(key),
          Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          'PX',
          Math.max(1_000, Math.floor(keepMs)),
        );
      },
    },
    reserve: (request) =>
      budget([
        'reserve',
        request.now,
        request.windowMs,
        request.limit,
        request.cap,
        request.maxWaitMs,
      ]),
    async observe(request) {
      await budget([
        'observe',
        request.now,
        request.windowMs,
        request.limit,
        0,
        request.announcedLimit ?? '',
        request.remaining ?? '',
        ...(request.spentAt ?? []).slice(0, MAX_REPORTED_SENDS),
      ]);
    },
    async blockUntil(at, now) {
      await budget(['block', now, PACER_WINDOW_MS, 1, 0, at]);
    },
    async takeShare(client, share, now, windowMs): Promise<ShareAnswer> {
      const [ok, retry] = (
        await redis.aivisShare(
          `aivis:${account}:share:${await hexDigest([client])}`,
          now,
          share,
          windowMs,
        )
      ).map(Number) as [number, number];
      return ok === 1 ? { ok: true } : { ok: false, retryAfterMs: retry };
    },
    async lock(key, ttlMs) {
      return (await redis.set(await lockKey(key), owner, 'PX', Math.max(1, ttlMs), 'NX')) === 'OK';
    },
    async unlock(key) {
      await redis.aivisUnlock(await lockKey(key), owner);
    },
    async isLocked(key) {
      return (await redis.exists(await lockKey(key))) === 1;
    },
    async ready() {
      if (redis.status === 'ready') return true;
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => done(false), Math.max(1_000, options.timeoutMs * 4));
        const done = (ok: boolean) => {
          clearTimeout(timer);
          redis.off('ready', onReady);
          resolve(ok);
        };
        const onReady = () => done(true);
        redis.on('ready', onReady);
      });
    },
    async close() {
      redis.disconnect();
    },
  };
}
