/**
 * The one build setting: the service's address, from AIVIS_SERVICE_URL.
 * It becomes the add-on's default base URL and its urlFetchWhitelist entry
 * (Apps Script wants https prefixes that end with '/').
 */
export const PLACEHOLDER_SERVICE_URL = 'https://aivis.example.com';

export interface ServiceSetting {
  /** Base address without /api/v1 and without a trailing slash. */
  baseUrl: string;
  /** urlFetchWhitelist entry: https origin (and path) ending with '/'. */
  whitelistEntry: string;
  isPlaceholder: boolean;
}

export function serviceSetting(raw = process.env.AIVIS_SERVICE_URL): ServiceSetting {
  const value = (raw ?? '').trim() || PLACEHOLDER_SERVICE_URL;
  const baseUrl = value.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  if (!/^https:\/\/[^/?#\s@]+(\/[^?#\s]*)?$/i.test(baseUrl)) {
    throw new Error(
      `AIVIS_SERVICE_URL must be an https address such as https://service.example (got ${value}); Apps Script's urlFetchWhitelist accepts https only.`,
    );
  }
  return {
    baseUrl,
    whitelistEntry: `${baseUrl}/`,
    isPlaceholder: baseUrl === PLACEHOLDER_SERVICE_URL,
  };
}
