/**
 * The person's token, in user properties only: never in the config, a field,
 * a cache key or a log. KEY auth (Looker Studio asks for it once per person):
 * setCredentials checks it with GET /projects before keeping it.
 */

import { checkRead, fetchTable } from '../../apps-script-platform/fetch-table.js';
import { defaultBaseUrl } from '../../apps-script-platform/service-address.js';
import { type Credentials, storedToken, USER_KEYS } from '../../apps-script-platform/user-token.js';
import { AivisError, isAivisError } from '../../shared/http/errors.js';
import { checkToken } from '../../shared/http/request.js';
import { BASE_URL_PROPERTY, QUICK_BUDGET_MS } from './config.js';

export function serviceBaseUrl(): string {
  return PropertiesService.getScriptProperties().getProperty(BASE_URL_PROPERTY) || defaultBaseUrl();
}

const userProperties = () => PropertiesService.getUserProperties();

/** The service address of this deployment, and the person's token (the add-on's own key). */
export function readCredentials(): Credentials {
  const token = storedToken();
  if (token) return { baseUrl: serviceBaseUrl(), token };
  throw new AivisError({ code: 'unauthenticated', status: 0, message: NO_TOKEN });
}

const NO_TOKEN = 'No access token is stored for you yet.';

/** GET /projects with these credentials; the answer lands in the cache for the config's project list. */
export function listProjects(credentials: Credentials, fresh = false) {
  return fetchTable(
    checkRead('projects', {}),
    Number.MAX_SAFE_INTEGER,
    {
      budgetMs: QUICK_BUDGET_MS,
      refreshStamp: '',
      fresh,
    },
    credentials,
  );
}

/** Codes that mean the token itself will not do. */
const REJECTED = new Set(['unauthenticated', 'insufficient_scope']);

export function setCredentials(request: unknown): { errorCode: 'NONE' | 'INVALID_CREDENTIALS' } {
  const key = (request as { key?: unknown } | null)?.key;
  const token = typeof key === 'string' ? key.trim() : '';
  try {
    if (!token) throw new Error('empty key');
    checkToken(token);
    listProjects({ baseUrl: serviceBaseUrl(), token }, true);
  } catch (error) {
    // A plan that lapsed is still this person's token: keep it, getData says what to do.
    if (!(isAivisError(error) && error.code === 'paid_plan_required')) {
      return { errorCode: 'INVALID_CREDENTIALS' };
    }
  }
  userProperties().setProperty(USER_KEYS.token, token);
  return { errorCode: 'NONE' };
}

/** Stored and still accepted; a busy or failing service does not make a token invalid. */
export function isAuthValid(): boolean {
  const token = storedToken();
  if (!token) return false;
  try {
    listProjects({ baseUrl: serviceBaseUrl(), token });
    return true;
  } catch (error) {
    return !(isAivisError(error) && REJECTED.has(error.code));
  }
}

export function resetAuth(): void {
  userProperties().deleteProperty(USER_KEYS.token);
}
