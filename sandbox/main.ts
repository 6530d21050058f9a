/**
 * CLI: npm run sandbox -- [--port N] [--today YYYY-MM-DD] [--no-rate-limit] [--host H]
 * The sandbox's today also comes from SANDBOX_TODAY (the flag wins); `--now`
 * is the older name of `--today`.
 * Prints the base URL and the scenario tokens, then serves until Ctrl+C.
 */
import { isCalendarDate } from '../shared/api/param-rules.js';
import { API_PREFIX, OPENAPI_PATH } from '../shared/api/vocabulary.js';
import { SCENARIO_TABLE } from './auth.js';
import { DEFAULT_NOW } from './data/dataset.js';
import { type StartSandboxOptions, startSandbox } from './server.js';

const USAGE =
  'Usage: npm run sandbox -- [--port N] [--today YYYY-MM-DD] [--no-rate-limit] [--host 127.0.0.1]   (or SANDBOX_TODAY=YYYY-MM-DD)';

export function parseArgs(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): StartSandboxOptions | { error: string } {
  const options: StartSandboxOptions = { port: 8787 };
  const fromEnv = env.SANDBOX_TODAY?.trim();
  if (fromEnv) {
    if (!isCalendarDate(fromEnv))
      return { error: `SANDBOX_TODAY needs a calendar date as YYYY-MM-DD, not '${fromEnv}'` };
    options.now = fromEnv;
  }
  for (let i = 0; i < args.length; i++) {
    const flag = args[i]!;
    const value = args[i + 1];
    switch (flag) {
      case '--port':
        if (value === undefined || !/^\d+$/.test(value) || Number(value) > 65535)
          return { error: `--port needs a port number from 0 to 65535, not '${value ?? ''}'` };
        options.port = Number(value);
        i++;
        break;
      case '--today':
      case '--now':
        if (value === undefined || !isCalendarDate(value))
          return { error: `${flag} needs a calendar date as YYYY-MM-DD, not '${value ?? ''}'` };
        options.now = value;
        i++;
        break;
      case '--host':
        if (value === undefined) return { error: '--host needs an address, e.g. 127.0.0.1' };
        options.host = value;
        i++;
        break;
      case '--no-rate-limit':
        options.rateLimit = false;
        break;
      case '--help':
      case '-h':
        return { error: USAGE };
      default:
        return { error: `Unknown option '${flag}'. ${USAGE}` };
    }
  }
  return options;
}

async function main() {
  const parsed = parseArgs(process.argv.slice(2), process.env);
  if ('error' in parsed) {
    console.error(parsed.error);
    process.exitCode = 2;
    return;
  }
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  try {
    sandbox = await startSandbox(parsed);
  } catch (error) {
    const code = (error as { code?: string }).code;
    console.error(
      code === 'EADDRINUSE'
        ? `Port ${parsed.port} is in use. Pick another with --port N (0 picks a free one).`
        : `The sandbox could not start: ${(error as Error).message}`,
    );
    process.exitCode = 1;
    return;
  }
  const width = Math.max(...SCENARIO_TABLE.map((row) => row.token.length));
  console.log(
    `aivis sandbox: ${sandbox.baseUrl} (API under ${API_PREFIX}; today is ${parsed.now ?? DEFAULT_NOW}; rate limit ${parsed.rateLimit === false ? 'off' : 'on'})`,
  );
  console.log(`OpenAPI: ${sandbox.baseUrl}${OPENAPI_PATH}`);
  console.log('Send a token as Authorization: Bearer <token>:');
  for (const row of SCENARIO_TABLE) console.log(`  ${row.token.padEnd(width)}  ${row.description}`);
  console.log(
    `Try: curl -H 'Authorization: Bearer aivis_test_entry' ${sandbox.baseUrl}${API_PREFIX}/projects`,
  );
  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
