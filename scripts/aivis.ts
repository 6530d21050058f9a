/**
 * `npm run aivis -- check --base-url URL [--json]`: reads each endpoint and
 * dataset of the Data API once and reports what differs from what this
 * client expects (shared/drift.ts; docs/service-drift.md). The token comes
 * from AIVIS_TOKEN and is never printed: the report, text or JSON, is
 * scrubbed of it and of the service's control characters before it is
 * written (shared/drift-report.ts). Exit 0: nothing to send; 1: something
 * differs; 2: the check could not run, or not in full (bad token,
 * unreachable, not a Data API, rate limited), with the reason.
 */
import { parseArgs } from 'node:util';
import { boundedExchange } from '../shared/client/bounded-exchange.js';
import type { HttpRequest } from '../shared/client/types.js';
import {
  cannotRun,
  type DriftReport,
  formatDriftReport,
  MAX_CHECK_ANSWER_BYTES,
  runDriftCheck,
} from '../shared/drift.js';
import { normalizeBaseUrl } from '../shared/http/request.js';
import { shareCommand } from './share.js';

/** Per request: an unreachable service must not hang the command. */
const TIMEOUT_MS = 30_000;

const send = (request: HttpRequest) =>
  boundedExchange(request, {
    signal: AbortSignal.timeout(TIMEOUT_MS),
    maxBodyBytes: MAX_CHECK_ANSWER_BYTES,
  });

const USAGE = `Usage: npm run aivis -- check --base-url URL [--json]

Reads each endpoint and dataset of the Data API once (24 requests) and
reports what differs from what this client expects (docs/service-drift.md).

  --base-url URL  the service's address, e.g. https://your-service.example
  --json          the report as JSON (safe to attach to an issue)
  -h, --help      this help

The token is read from AIVIS_TOKEN and never printed.
Exit codes: 0 nothing to send, 1 something differs, 2 the check could not run.
The ledger's commands, snapshot and export, are in docs/ledger.md.
`;

const OPTIONS = {
  'base-url': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function main(argv: readonly string[], env = process.env): Promise<number> {
  if (argv[0] === 'share') return shareCommand(argv.slice(1), env);
  // The ledger's commands (docs/ledger.md).
  if (argv[0] === 'snapshot')
    return (await import('./ledger-snapshot.js')).main(argv.slice(1), env);
  if (argv[0] === 'export') return (await import('./ledger-export.js')).main(argv.slice(1), env);
  // Help first: `--help` (or `help`) prints it whatever else is on the line.
  if (argv.some((arg) => arg === '--help' || arg === '-h' || arg === 'help')) {
    process.stdout.write(USAGE);
    return 0;
  }
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (positionals[0] !== 'check' || !values['base-url']) {
    process.stderr.write(USAGE);
    return 2;
  }
  const report = (result: DriftReport) => {
    process.stdout.write(
      values.json ? `${JSON.stringify(result, null, 2)}\n` : formatDriftReport(result),
    );
    return result.exitCode;
  };
  const token = env.AIVIS_TOKEN?.trim();
  if (!token) return report(cannotRun('AIVIS_TOKEN is not set.'));
  let baseUrl: string;
  try {
    baseUrl = normalizeBaseUrl(values['base-url']);
  } catch (error) {
    return report(cannotRun((error as Error).message, token));
  }
  try {
    return report(await runDriftCheck({ baseUrl, token }, send));
  } catch (error) {
    // The check turns the service's odd answers into report lines; this is a failure of its own.
    return report(cannotRun(String((error as Error).message), token));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
