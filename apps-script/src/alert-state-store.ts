/**
 * Where an alert entry's state lives: one document property per entry,
 * always under the 9 KB a value holds (docs/alerts.md). Kept apart from
 * alert-state.ts, which the rule checks read, so the rule table does not
 * depend on the settings that read it.
 */
import {
  type AlertEntry,
  PROPERTY_VALUE_LIMIT_BYTES,
  stateKey,
  utf8Bytes,
} from './alert-settings.js';
import type { AlertState } from './alert-state.js';

const documentProperties = () => PropertiesService.getDocumentProperties();

export function readState(entry: AlertEntry): AlertState | null {
  const text = documentProperties().getProperty(stateKey(entry));
  if (!text) return null;
  try {
    return JSON.parse(text) as AlertState;
  } catch {
    return null;
  }
}

/**
 * A state as its property value, always under the 9 KB a value holds: names
 * are clipped on reading (alert-figures.ts) and long rivals kept as
 * digests, so only a pathological answer reaches the fallbacks, which give
 * up comparisons rather than the entry.
 */
export function stateText(state: AlertState): string {
  const fits = (text: string) => utf8Bytes(text) <= PROPERTY_VALUE_LIMIT_BYTES - 512;
  let text = JSON.stringify(state);
  if (fits(text)) return text;
  const lighter: AlertState = {
    ...state,
    ahead: [],
    topAction: null,
    digest: state.digest ? { ...state.digest, ranks: {} } : null,
  };
  text = JSON.stringify(lighter);
  return fits(text) ? text : JSON.stringify({ ...lighter, brand: state.brand.slice(0, 40) });
}

export function writeState(entry: AlertEntry, state: AlertState): void {
  documentProperties().setProperty(stateKey(entry), stateText(state));
}
