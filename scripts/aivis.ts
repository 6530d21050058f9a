/**
 * `npm run aivis -- check --base-url URL [--json]`: reads each endpoint and
 * dataset of the Data API once and reports what differs from what this
 * client expects (shared/drift.ts; docs/service-drift.md). The token comes
 * from AIVIS_TOKEN and is never printed. Exit 0: nothing differs; 1:
 * something does; 2: the check could not run (bad token, unreachable, not a
 * Data API), with the reason.
 */
import { parseArgs } from 'node:util';
import { fetchExchange } from '../shared/client/fetch-exchange.js';
import type { HttpRequest } from '../shared/client/types.js';
import { type DriftReport, formatDriftReport, runDriftCheck } from '../shared/drift.js';
import { normalizeBaseUrl } from '../shared/http/request.js';
import { shareCommand } from './share.js';

/** Per request: an unreachable service must not hang the command. */
const TIMEOUT_MS = 30_000;

const send = (request: HttpRequest) =>
  fetchExchange(request, { signal: AbortSignal.timeout(TIMEOUT_MS) });

export async function main(argv: readonly string[], env = process.env): Promise<number> {
  if (argv[0] === 'share') return shareCommand(argv.slice(1), env);
  // The ledger's commands (docs/ledger.md).
  if (argv[0] === 'snapshot')
    return (await import('./ledger-snapshot.js')).main(argv.slice(1), env);
  if (argv[0] === 'export') return (await import('./ledger-export.js')).main(argv.slice(1), env);
  const usage = 'Usage: npm run aivis -- check --base-url URL [--json]   (token in AIVIS_TOKEN)';
  let parsed: ReturnType<
    typeof parseArgs<{
      options: { 'base-url': { type: 'string' }; json: { type: 'boolean' } };
      allowPositionals: true;
    }>
  >;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { 'base-url': { type: 'string' }, json: { type: 'boolean' } },
      allowPositionals: true,
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${usage}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const report = (result: DriftReport) => {
    process.stdout.write(
      values.json ? `${JSON.stringify(result, null, 2)}\n` : formatDriftReport(result),
    );
    return result.exitCode;
  };
  if (positionals[0] !== 'check' || !values['base-url']) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  const token = env.AIVIS_TOKEN?.trim();
  if (!token) return report({ exitCode: 2, reason: 'AIVIS_TOKEN is not set.', endpoints: [] });
  let baseUrl: string;
  try {
    baseUrl = normalizeBaseUrl(values['base-url']);
  } catch (error) {
    return report({ exitCode: 2, reason: (error as Error).message, endpoints: [] });
  }
  try {
    return report(await runDriftCheck({ baseUrl, token }, send));
  } catch (error) {
    // Never the token: the message is ours or the platform's, and the token is only in headers.
    return report({
      exitCode: 2,
      reason: (error as Error).message.replaceAll(token, '[token]'),
      endpoints: [],
    });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
