/**
 * Whether a request may start an upstream call, i.e. spend budget: the page
 * must be allowed to (page-check.ts), and the client address must have some
 * of its share of the per-minute budget left (client-share.ts), counted in
 * the fleet's shared store when there is one.
 */
import type { RequestHead } from '../../server/request-head.js';
import { clientAddress, LoopbackWatch } from '../client-address.js';
import { ClientShares, type ShareResult } from '../client-share.js';
import type { ProxyConfig } from '../config.js';
import { jsonError } from '../responses.js';
import { pageCheck, type SpendRefusal } from './page-check.js';

export type { SpendRefusal } from './page-check.js';

export type SpendingGate = (
  request: RequestHead,
  context: unknown,
) => SpendRefusal | undefined | Promise<SpendRefusal | undefined>;

export function spendingGate(
  config: ProxyConfig,
  budget: () => number,
  now: () => number,
  warn: (message: string) => void = () => undefined,
  /**
   * The share counted in a store every instance shares; undefined when that
   * store cannot answer now (this instance's own count stands in).
   */
  sharedTake?: (client: string, share: number, now: number) => Promise<ShareResult | undefined>,
): SpendingGate {
  const pageMaySpend = pageCheck(config.allowedOrigins);
  const shares = new ClientShares();
  const loopbackWatch = config.clientIpHeader ? undefined : new LoopbackWatch(warn);
  const refusal = (share: number, taken: ShareResult): SpendRefusal | undefined => {
    if (taken.ok) return undefined;
    const seconds = Math.max(1, Math.ceil(taken.retryAfterMs / 1000));
    return {
      reason: 'client share',
      response: () =>
        jsonError(
          429,
          'rate_limited',
          `This client has used its share of the proxy's budget (${share} new requests a minute); answers already cached are still served. Try again in ${seconds} s.`,
          { retry_after: seconds },
          { 'Retry-After': String(seconds) },
        ),
    };
  };
  // Synchronous without a shared store: a request joining a running call must not wait a turn.
  return (request, context) => {
    const refused = pageMaySpend(request);
    if (refused) return refused;
    const client = clientAddress(request, context, config.clientIpHeader);
    if (client !== undefined) loopbackWatch?.see(client);
    if (client === undefined || config.clientBudgetSharePercent >= 100) return undefined;
    const share = Math.max(1, Math.floor((budget() * config.clientBudgetSharePercent) / 100));
    if (!sharedTake) return refusal(share, shares.take(client, share, now()));
    return sharedTake(client, share, now()).then((taken) =>
      refusal(share, taken ?? shares.take(client, share, now())),
    );
  };
}
