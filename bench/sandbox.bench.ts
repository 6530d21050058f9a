/**
 * Sandbox throughput against its floor, a bare node:http server answering the
 * same recorded bytes, under the same autocannon load (load.ts):
 * - answers `limit=100` (about 57 KB), the normal path, also as this
 *   process's CPU time per response with the load from a child process;
 * - 429s (the aivis_test_rate_limited scenario: every request refused).
 * Run: npx tsx bench/sandbox.bench.ts
 */
import { startSandbox } from '../sandbox/server.js';
import { cpuPerResponse, record, requestsPerSecond, startBareServer } from './load.js';
import { figure } from './stats.js';

const ANSWERS = '/api/v1/projects/1001/answers?limit=100';
const ENTRY = { authorization: 'Bearer aivis_test_entry' };
const LIMITED = { authorization: 'Bearer aivis_test_rate_limited' };

const sandbox = await startSandbox({ port: 0, rateLimit: false });
try {
  const url = `${sandbox.baseUrl}${ANSWERS}`;
  // Also the warm-up: the first request generates the account's data.
  const answers = await record(url, ENTRY);
  const limited = await record(url, LIMITED);
  if (answers.status !== 200 || limited.status !== 429)
    throw new Error(`sandbox bench: got ${answers.status} and ${limited.status}`);
  const bareAnswers = await startBareServer(answers);
  const bareLimited = await startBareServer(limited);
  try {
    await figure(
      'sandbox',
      `answers limit=100 (${(answers.body.byteLength / 1024).toFixed(0)} KB)`,
      'req/s',
      'bare node:http, same bytes',
      () => requestsPerSecond(url, ENTRY),
      () => requestsPerSecond(`${bareAnswers.url}${ANSWERS}`, ENTRY),
    );
    await figure(
      'sandbox',
      'answers: server CPU per response (load from a child process; lower is better)',
      'µs',
      'bare node:http, same bytes',
      () => cpuPerResponse(url, ENTRY),
      () => cpuPerResponse(`${bareAnswers.url}${ANSWERS}`, ENTRY),
    );
    await figure(
      'sandbox',
      '429 rate_limited',
      'req/s',
      'bare node:http, same 429 bytes',
      () => requestsPerSecond(url, LIMITED, 429),
      () => requestsPerSecond(`${bareLimited.url}${ANSWERS}`, LIMITED, 429),
    );
  } finally {
    await bareAnswers.close();
    await bareLimited.close();
  }
} finally {
  await sandbox.close();
}
