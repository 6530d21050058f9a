/**
 * A ceiling on the per-row cost of the core path (the Sheets add-on's and the
 * Looker connector's: the compiled contract check and toTable) relative to
 * JSON.parse of the same text, measured in this process: a ratio, never an
 * absolute time. The bench (bench/core.bench.ts, docs/benchmarks.md) measures
 * about 1.5-2x; the ceiling is generous so a busy machine does not fail it,
 * and low enough that a per-row regression (the tolerant reading interpreted
 * per row was 10-15x) does.
 */
import { describe, expect, it } from 'vitest';
import { compiledCheck } from '../../shared/schemas/compiled-check.js';
import { toTable } from '../../shared/table/normalize.js';
import { type AnswersBodyOptions, answersBody } from '../../support/answers-body.js';

const ROWS = 1000;
const QUERY = { project: 1001 };
const CEILING = 4;
/** Rounds of best-of timing, the two sides interleaved: other work only ever adds time. */
const ROUNDS = 25;

function elapsed(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

/** Best-of-ROUNDS time of check + table over best-of-ROUNDS time of JSON.parse, same text. */
function ratioToParse(options: AnswersBodyOptions): number {
  const text = JSON.stringify(answersBody(ROWS, options));
  const parse = () => JSON.parse(text);
  const checkAndTable = () => {
    const result = compiledCheck.response('answers', QUERY, JSON.parse(text));
    if (!result.ok) throw new Error(`${result.path}: ${result.detail}`);
    if (toTable('answers', QUERY, result.value).rows.length !== ROWS) throw new Error('rows lost');
  };
  for (let warm = 0; warm < 5; warm += 1) checkAndTable();
  let core = Number.POSITIVE_INFINITY;
  let floor = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS; round += 1) {
    floor = Math.min(floor, elapsed(parse));
    core = Math.min(core, elapsed(checkAndTable));
  }
  return core / floor;
}

describe('core path speed, relative to JSON.parse of the same text', () => {
  it.each<[string, AnswersBodyOptions]>([
    ['1,000 short answer rows', {}],
    ['1,000 rows under the aliases', { aliases: true }],
    ['1,000 rows lacking an assumed field', { lacking: 'cited_urls' }],
  ])(`%s: parse + check + toTable under ${CEILING}x JSON.parse`, (_label, options) => {
    // Best of three measurements: a busy machine (other suites in parallel) only ever adds time.
    let ratio = ratioToParse(options);
    for (let retry = 0; retry < 2 && ratio >= CEILING; retry += 1)
      ratio = Math.min(ratio, ratioToParse(options));
    expect(ratio).toBeLessThan(CEILING);
  });
});
