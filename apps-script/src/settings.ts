/**
 * Each person's token and service address, in user properties (keys
 * AIVIS_TOKEN and AIVIS_BASE_URL). The token is read here and handed to the
 * client; it is never returned to the sidebar, written to a cell, logged or
 * put in a trigger, a cache key or a message.
 */

import { defaultBaseUrl } from '../../apps-script-platform/service-address.js';
import { USER_KEYS } from '../../apps-script-platform/user-token.js';
import { checkToken } from '../../shared/http/request.js';
import { checkBaseUrl, FIRST_ID, isTokenSet } from './connections.js';

/** What the sidebar may see: whether a token is set, never the token. */
export interface SettingsView {
  baseUrl: string;
  defaultBaseUrl: string;
  tokenSet: boolean;
}

const userProperties = () => PropertiesService.getUserProperties();

export function baseUrl(): string {
  return userProperties().getProperty(USER_KEYS.baseUrl) || defaultBaseUrl();
}

export function settingsView(): SettingsView {
  return { baseUrl: baseUrl(), defaultBaseUrl: defaultBaseUrl(), tokenSet: isTokenSet(FIRST_ID) };
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
