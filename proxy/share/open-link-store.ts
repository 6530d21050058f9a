/**
 * The link store the settings name (docs/agencies.md#where-links-live), for
 * the Node entry and the `share` command alike, so both read the same one:
 * Redis with REDIS_URL, else SHARE_FILE, else none. Node only.
 */
import type { ProxyConfig } from '../config.js';
import { FileLinkStore } from './file-links.js';
import type { LinkStore } from './link-store.js';
import { createRedisLinkStore } from './redis-links.js';

export async function openLinkStore(
  config: ProxyConfig,
  options: { now?: () => number } = {},
): Promise<LinkStore | undefined> {
  if (!config.shareSecret) return undefined;
  if (config.redisUrl) {
    return createRedisLinkStore({
      url: config.redisUrl,
      secret: config.shareSecret,
      timeoutMs: config.storeTimeoutMs,
      ...options,
    });
  }
  return config.shareFile ? new FileLinkStore(config.shareFile, options) : undefined;
}
