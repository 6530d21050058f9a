/**
 * How `share create|list|revoke` reaches a store it cannot open itself
 * (docs/agencies.md#on-workers): the proxy's admin route, `POST /s/admin`,
 * over whatever link store the proxy keeps (on Workers, the Durable Object).
 *
 * No new secret: each call is signed with an HMAC under SHARE_SECRET, which
 * the command reads from the same settings as the proxy, over the whole body,
 * which carries the caller's time. The proxy refuses a call whose signature
 * does not hold (403, the same for every kind of wrong) or whose time is more
 * than ADMIN_CLOCK_SKEW_MS from its own (a recorded call replayed later).
 * The secret never travels; a replay within the window repeats the same
 * creation or revocation, which changes nothing. Web-standard APIs only.
 */
import { type RequestHead, requestWithBody } from '../../server/request-head.js';
import { AnswerTooLarge, readAnswerBounded } from '../../shared/client/bounded-exchange.js';
import { type LinkRecord, type LinkStatus, type LinkStore, readRecord } from './link-store.js';
import { hmacKey, ID_PATTERN, SHARE_PREFIX } from './signed-link.js';

export const ADMIN_PATH = `${SHARE_PREFIX}admin`;
export const SIGNATURE_HEADER = 'X-Aivis-Share-Signature';
/** How far the command's clock and the proxy's may differ. */
export const ADMIN_CLOCK_SKEW_MS = 5 * 60_000;
/** A creation is a few hundred bytes; nothing longer is read. */
const MAX_BODY_BYTES = 8 * 1024;

const encoder = new TextEncoder();

type AdminCall =
  | { op: 'create'; at: number; record: LinkRecord }
  | { op: 'list'; at: number }
  | { op: 'revoke'; at: number; id: string };

async function sign(body: string, secret: string): Promise<string> {
  const signature = await crypto.subtle.sign(
    'HMAC',
    await hmacKey(secret),
    encoder.encode(`aivis-share-admin-v1\n${body}`),
  );
  return Array.from(new Uint8Array(signature), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );
}

async function holds(body: string, signature: string, secret: string): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(signature)) return false;
  const bytes = Uint8Array.from(signature.match(/../g)!, (pair) => Number.parseInt(pair, 16));
  // crypto.subtle.verify compares in constant time.
  return crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret),
    bytes,
    encoder.encode(`aivis-share-admin-v1\n${body}`),
  );
}

const json = (status: number, body: unknown) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

/** The proxy's side: one signed call on its link store. */
export async function answerAdmin(
  request: RequestHead,
  links: LinkStore | undefined,
  secret: string,
  now: number,
): Promise<Response> {
  // A POST always arrives with its body, as a fetch Request (server/request-head.ts).
  const posted = request.method === 'POST' ? requestWithBody(request) : undefined;
  if (!posted) {
    return new Response('Only POST.', {
      status: 405,
      headers: { Allow: 'POST', 'Cache-Control': 'no-store' },
    });
  }
  const body = await boundedText(posted);
  const refused = json(403, {
    error: "not signed with this proxy's SHARE_SECRET, or the clocks differ by more than 5 minutes",
  });
  if (
    body === undefined ||
    !(await holds(body, request.headers.get(SIGNATURE_HEADER) ?? '', secret))
  )
    return refused;
  let call: AdminCall;
  try {
    call = JSON.parse(body) as AdminCall;
  } catch {
    return refused;
  }
  if (
    typeof call !== 'object' ||
    call === null ||
    !Number.isSafeInteger(call.at) ||
    Math.abs(call.at - now) > ADMIN_CLOCK_SKEW_MS
  ) {
    return refused;
  }
  if (!links) {
    return json(503, {
      error:
        'this proxy keeps no links: set SHARE_FILE or REDIS_URL, or bind AivisLinks on Workers',
    });
  }
  switch (call.op) {
    case 'create': {
      const record = readRecord(call.record);
      if (!record) return json(400, { error: 'not a link record' });
      await links.create(record);
      return json(200, { ok: true });
    }
    case 'list':
      return json(200, { links: await links.list() });
    case 'revoke':
      if (typeof call.id !== 'string' || !ID_PATTERN.test(call.id)) {
        return json(400, { error: 'id: ten letters and digits' });
      }
      return json(200, { known: await links.revoke(call.id, call.at) });
    default:
      return json(400, { error: 'op: create, list or revoke' });
  }
}

/** The call's body up to MAX_BODY_BYTES, or undefined past it (the rest is never read). */
async function boundedText(request: Request): Promise<string | undefined> {
  try {
    return await readAnswerBounded(request, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof AnswerTooLarge) return undefined;
    throw error;
  }
}

/** The command's side: the links of the proxy at PUBLIC_URL, through its admin route. */
export function proxyLinkStore(
  publicUrl: string,
  secret: string,
  now: () => number,
  fetcher: typeof fetch = fetch,
): LinkStore {
  const address = `${publicUrl}${ADMIN_PATH}`;
  const call = async <T>(body: Record<string, unknown>): Promise<T> => {
    const text = JSON.stringify({ ...body, at: now() });
    const response = await fetcher(address, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: await sign(text, secret) },
      body: text,
      redirect: 'error',
    });
    const answer = (await response.json().catch(() => ({}))) as { error?: unknown };
    if (!response.ok) {
      const reason = typeof answer.error === 'string' ? answer.error.slice(0, 200) : '';
      throw new Error(`the proxy answered ${response.status}${reason ? `: ${reason}` : ''}`);
    }
    return answer as T;
  };
  return {
    where: `the proxy at ${publicUrl}`,
    async create(record) {
      await call({ op: 'create', record });
    },
    async get(id) {
      return (await this.list()).find((link) => link.id === id);
    },
    async list() {
      const answer = await call<{ links?: unknown }>({ op: 'list' });
      if (!Array.isArray(answer.links)) throw new Error('the proxy answered no list');
      return answer.links.flatMap((link: unknown) => {
        const record = readRecord(link);
        if (!record) return [];
        const { views, lastView, revoked } = link as Partial<LinkStatus>;
        return [
          {
            ...record,
            views: Number.isSafeInteger(views) ? views! : 0,
            ...(Number.isSafeInteger(lastView) ? { lastView: lastView! } : {}),
            ...(Number.isSafeInteger(revoked) ? { revoked: revoked! } : {}),
          },
        ];
      });
    },
    async revoke(id, at) {
      return (await call<{ known?: boolean }>({ op: 'revoke', id, at })).known === true;
    },
    async admit() {
      throw new Error('the share command shows no links');
    },
    async close() {},
  };
}
