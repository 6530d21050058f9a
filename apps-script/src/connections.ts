/**
 * Named connections: an agency holds one token per client account. Each
 * connection has a name, a base URL within the add-on's urlFetchWhitelist and
 * a token; one is the default. The list (names and addresses, no token) is a
 * JSON user property; each token is its own user property, written here and
 * read only to make a call. The first connection keeps the original keys
 * AIVIS_TOKEN and AIVIS_BASE_URL, which the Looker Studio connector reads too.
 */

import { defaultBaseUrl, urlFetchWhitelist } from '../../apps-script-platform/service-address.js';
import { type Credentials, USER_KEYS } from '../../apps-script-platform/user-token.js';
import { AivisError } from '../../shared/http/errors.js';
import { checkToken, normalizeBaseUrl } from '../../shared/http/request.js';
import { SETTINGS_PATH } from './config.js';

interface StoredConnection {
  /** Stable key of the token property; a rename keeps it. */
  id: string;
  name: string;
  /** Empty for the first connection, whose address lives in AIVIS_BASE_URL. */
  baseUrl: string;
}

interface StoredConnections {
  defaultName: string;
  list: StoredConnection[];
}

/** What the sidebar may see: whether a token is set, never the token. */
export interface ConnectionView {
  name: string;
  baseUrl: string;
  tokenSet: boolean;
  isDefault: boolean;
}

/** Enough for an agency, small enough for one 9 KB property. */
export const MAX_CONNECTIONS = 20;
const NAME_TEXT = /^[\p{L}\p{N} ._-]{1,40}$/u;
export const FIRST_ID = 'main';
const LIST_KEY = 'AIVIS_CONNECTIONS';

const userProperties = () => PropertiesService.getUserProperties();
const tokenKey = (id: string) => (id === FIRST_ID ? USER_KEYS.token : `${USER_KEYS.token}_${id}`);

function failure(field: string, message: string): AivisError {
  return new AivisError({
    code: 'validation_failed',
    status: 0,
    message,
    errors: { [field]: [message] },
  });
}

function read(): StoredConnections {
  const text = userProperties().getProperty(LIST_KEY);
  if (text) {
    try {
      const parsed = JSON.parse(text) as StoredConnections;
      if (Array.isArray(parsed.list)) return parsed;
    } catch {
      // A damaged list falls back to the first connection, whose keys predate the list.
    }
  }
  return { defaultName: 'Default', list: [{ id: FIRST_ID, name: 'Default', baseUrl: '' }] };
}

function write(state: StoredConnections): void {
  userProperties().setProperty(LIST_KEY, JSON.stringify(state));
}

function addressOf(connection: StoredConnection): string {
  if (connection.id !== FIRST_ID) return connection.baseUrl;
  return userProperties().getProperty(USER_KEYS.baseUrl) || defaultBaseUrl();
}

function find(state: StoredConnections, name: string): StoredConnection {
  const found = state.list.find((each) => each.name === name);
  if (!found) {
    const names = state.list.map((each) => each.name).join(', ') || 'none';
    throw failure(
      'connection',
      `There is no connection named "${name.slice(0, 40)}"; ${SETTINGS_PATH} has: ${names}.`,
    );
  }
  return found;
}

/** A base URL the add-on may call: UrlFetchApp refuses anything outside urlFetchWhitelist. */
export function checkBaseUrl(raw: string): string {
  const url = normalizeBaseUrl(raw);
  const allowed = urlFetchWhitelist();
  if (!allowed.some((prefix) => `${url}/`.startsWith(prefix))) {
    throw failure(
      'base_url',
      `The service address must start with ${allowed.join(' or ')} (the add-on may call only the addresses in its manifest).`,
    );
  }
  return url;
}

function checkName(raw: string, state: StoredConnections, except?: string): string {
  const name = raw.trim();
  if (!NAME_TEXT.test(name)) {
    throw failure('name', 'A connection name has 1 to 40 letters, digits, spaces, dots, _ or -.');
  }
  if (name !== except && state.list.some((each) => each.name === name)) {
    throw failure('name', `A connection named "${name}" exists already; choose another name.`);
  }
  return name;
}

/**
 * Whether a connection's token is stored: the one answer the Settings
 * sidebar and the connections list both show.
 */
export function isTokenSet(id: string): boolean {
  return Boolean(userProperties().getProperty(tokenKey(id)));
}

export function listConnections(): ConnectionView[] {
  const state = read();
  return state.list.map((each) => ({
    name: each.name,
    baseUrl: addressOf(each),
    tokenSet: isTokenSet(each.id),
    isDefault: each.name === state.defaultName,
  }));
}

export function defaultConnectionName(): string {
  return read().defaultName;
}

/** Every stored token, so any message can be scrubbed of all of them. */
export function storedTokens(): string[] {
  return read()
    .list.map((each) => userProperties().getProperty(tokenKey(each.id)))
    .filter((token): token is string => Boolean(token));
}

/** The credentials of a connection (the default one when no name is given). */
export function readCredentials(name?: string): Credentials {
  const state = read();
  const connection = find(state, name || state.defaultName);
  const token = userProperties().getProperty(tokenKey(connection.id));
  if (!token) {
    throw new AivisError({
      code: 'unauthenticated',
      status: 0,
      message: `No API token is set${state.list.length > 1 ? ` for the connection "${connection.name}"` : ''}. Paste your personal access token in ${SETTINGS_PATH}.`,
    });
  }
  const baseUrl = addressOf(connection);
  if (!baseUrl) {
    throw failure('base_url', `No service address is set. Enter it in ${SETTINGS_PATH}.`);
  }
  return { baseUrl, token };
}

export function addConnection(input: { name: string; baseUrl: string; token: string }): void {
  const state = read();
  if (state.list.length >= MAX_CONNECTIONS) {
    throw failure('name', `At most ${MAX_CONNECTIONS} connections; remove one first.`);
  }
  const name = checkName(input.name ?? '', state);
  const baseUrl = checkBaseUrl(input.baseUrl ?? '');
  const token = (input.token ?? '').trim();
  if (!token) throw failure('token', 'Paste the personal access token of this account.');
  checkToken(token);
  const taken = new Set(state.list.map((each) => each.id));
  let id = FIRST_ID;
  for (let n = 1; taken.has(id) && n <= MAX_CONNECTIONS + 1; n++) id = `c${n}`;
  userProperties().setProperty(tokenKey(id), token);
  if (id === FIRST_ID) userProperties().setProperty(USER_KEYS.baseUrl, baseUrl);
  const list = [...state.list, { id, name, baseUrl: id === FIRST_ID ? '' : baseUrl }];
  write({ defaultName: state.list.length === 0 ? name : state.defaultName, list });
}

/** Renames a connection; returns the new name. */
export function renameConnection(from: string, to: string): string {
  const state = read();
  const connection = find(state, from);
  const name = checkName(to ?? '', state, from);
  connection.name = name;
  write({ defaultName: state.defaultName === from ? name : state.defaultName, list: state.list });
  return name;
}

/** Removes a connection and its token; the default moves to the first one left. */
export function removeConnection(name: string): void {
  const state = read();
  const connection = find(state, name);
  userProperties().deleteProperty(tokenKey(connection.id));
  const list = state.list.filter((each) => each !== connection);
  write({
    defaultName: state.defaultName === name ? (list[0]?.name ?? '') : state.defaultName,
    list,
  });
}

export function setDefaultConnection(name: string): void {
  const state = read();
  find(state, name);
  write({ ...state, defaultName: name });
}
