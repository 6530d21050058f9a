/**
 * Each person's token and service address, in user properties (keys
 * AIVIS_TOKEN and AIVIS_BASE_URL). The token is read here and handed to the
 * client; it is never returned to the sidebar, written to a cell, logged or
 * put in a trigger, a cache key or a message.
 */
import { checkToken } from '../../shared/http/request.js';
import { defaultBaseUrl, USER_KEYS } from './config.js';
import { checkBaseUrl } from './connections.js';

export type { Credentials } from './connections.js';
export { readCredentials } from './connections.js';

/** What the sidebar may see: whether a token is set, never the token. */
export interface SettingsView {
  baseUrl: string;
  defaultBaseUrl: string;
  tokenSet: boolean;
}

const userProperties = () => PropertiesService.getUserProperties();

export function storedToken(): string | undefined {
  return userProperties().getProperty(USER_KEYS.token) ?? undefined;
}

export function baseUrl(): string {
  return userProperties().getProperty(USER_KEYS.baseUrl) || defaultBaseUrl();
}

export function settingsView(): SettingsView {
  return { baseUrl: baseUrl(), defaultBaseUrl: defaultBaseUrl(), tokenSet: Boolean(storedToken()) };
}

/**
 * Saves the address and, when one is given, a new token. An empty token
 * field keeps the stored one (the sidebar never shows it, so it cannot
 * send it back).
 */
export function saveSettings(input: { baseUrl?: string; token?: string }): SettingsView {
  const properties = userProperties();
  const token = (input.token ?? '').trim();
  checkToken(token);
  const url = (input.baseUrl ?? '').trim();
  // The default connection is held to urlFetchWhitelist like every other one.
  if (url) properties.setProperty(USER_KEYS.baseUrl, checkBaseUrl(url));
  else properties.deleteProperty(USER_KEYS.baseUrl);
  if (token) properties.setProperty(USER_KEYS.token, token);
  return settingsView();
}

export function removeToken(): SettingsView {
  userProperties().deleteProperty(USER_KEYS.token);
  return settingsView();
}
