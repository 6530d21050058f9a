/**
 * Every google.script.run target goes through `guarded`: any failure reaches
 * the browser as an Error whose message says what to do, every stored token
 * redacted (the page shows the message as text).
 */
import { storedTokens } from './connections.js';
import { userMessage } from './messages.js';

export function guarded<A extends unknown[], R>(run: (...args: A) => R): (...args: A) => R {
  return (...args: A) => {
    try {
      return run(...args);
    } catch (error) {
      throw new Error(userMessage(error, storedTokens()));
    }
  };
}

export const active = () => SpreadsheetApp.getActiveSpreadsheet();
