/**
 * AIVIS_ACCOUNTS: several accounts in one proxy (docs/agencies.md). The
 * setting names each account's label and the variable that holds its token,
 * never the token itself, so the setting can be printed, logged and kept in
 * a repository while the tokens stay in a secret store.
 *
 *   AIVIS_ACCOUNTS=acme:ACME_TOKEN,globex:GLOBEX_TOKEN:2001+2002
 *
 * The optional third part is that account's own project allowlist (the
 * ALLOWED_PROJECTS of one account); without it ALLOWED_PROJECTS applies.
 */
import { type Fail, readProjects, readToken } from '../setting-readers.js';

export interface ProxyAccount {
  /** What the merged project list and the portfolio call the account. */
  label: string;
  token: string;
  /** undefined: ALLOWED_PROJECTS, else every project of the account. */
  allowedProjects?: readonly number[];
}

/** More accounts than this in one proxy is a fleet to split, not a setting. */
export const MAX_ACCOUNTS = 50;

const LABEL = /^[a-z0-9][a-z0-9_-]{0,39}$/;
const VARIABLE = /^[A-Z_][A-Z0-9_]{0,99}$/;

export function readAccounts(
  text: string,
  fail: Fail,
  lookup: (variable: string) => string | undefined,
): readonly ProxyAccount[] {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) fail('lists no account; leave it unset for the one AIVIS_TOKEN');
  if (entries.length > MAX_ACCOUNTS) fail(`lists more than ${MAX_ACCOUNTS} accounts`);
  const accounts: ProxyAccount[] = [];
  const variables = new Set<string>();
  for (const entry of entries) {
    const [label = '', variable = '', projects, ...rest] = entry.split(':');
    // Only a valid label or variable name is ever echoed: a token pasted by mistake never is.
    if (!LABEL.test(label) || rest.length > 0) {
      fail(
        `must be a comma list of label:VARIABLE; account ${accounts.length + 1} has no valid label (lower-case letters, digits, - and _, at most 40)`,
      );
    }
    if (!VARIABLE.test(variable)) {
      fail(
        `gives account '${label}' no variable name: write label:VARIABLE with the NAME of the variable holding the token (upper-case letters, digits and _), never the token itself`,
      );
    }
    if (accounts.some((account) => account.label === label)) {
      fail(`names the account '${label}' twice; give each account its own label`);
    }
    if (variables.has(variable)) fail(`names the variable ${variable} for two accounts`);
    variables.add(variable);
    const token = lookup(variable);
    if (token === undefined) {
      fail(`names ${variable} for account '${label}', but ${variable} is not set`);
    }
    readToken(token, (message) => fail(`: ${variable} (account '${label}') ${message}`));
    const account: ProxyAccount = { label, token };
    if (projects !== undefined) {
      account.allowedProjects = readProjects(projects.replaceAll('+', ','), (message) =>
        fail(`: the projects of account '${label}' ${message}`),
      );
    }
    accounts.push(account);
  }
  return accounts;
}
