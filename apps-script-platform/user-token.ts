/**
 * The person's token and service address in user properties (keys
 * AIVIS_TOKEN and AIVIS_BASE_URL), read the same way by the Sheets add-on and
 * the Looker Studio connector. The token is read here only to be handed to
 * the client; it is never returned to a page, written to a cell, logged or
 * put in a trigger, a cache key or a message.
 */

/** Where one person's service address and token are kept. */
export interface Credentials {
  baseUrl: string;
  token: string;
}

/** User properties: each person's own token and service address. */
export const USER_KEYS = { token: 'AIVIS_TOKEN', baseUrl: 'AIVIS_BASE_URL' } as const;

export function storedToken(): string | undefined {
  return PropertiesService.getUserProperties().getProperty(USER_KEYS.token) ?? undefined;
}
