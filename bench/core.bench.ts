/**
 * Core cost of a sheet or Looker refresh against JSON.parse of the same text:
 * one answers body of 1,000 rows, checked against the contract and
 * normalized into a table (toTable), as the Sheets add-on and the Looker
 * connector do. Figures (ms per body, lower is better):
 * - from text: JSON.parse + check + toTable, vs JSON.parse;
 * - pre-parsed: check + toTable, vs JSON.parse;
 * - the zod reference check (zod-check.ts) from text, vs JSON.parse.
 * Run: npx tsx bench/core.bench.ts
 */
import type { BodyCheck } from '../shared/http/body-check.js';
import { zodCheck } from '../shared/http/zod-check.js';
import { compiledCheck } from '../shared/schemas/compiled-check.js';
import { toTable } from '../shared/table/normalize.js';
import { answersBody } from './answers-body.js';
import { figure, ROUNDS } from './stats.js';

/**
 * Bodies per timed batch, and batches per measurement: one body takes a few ms,
 * too short for the clock alone. A measurement is its fastest batch, since
 * other work on a shared machine only ever adds time to a batch.
 */
const BATCH = 5;
const BATCHES = 5;
const ROWS = 1000;
const QUERY = { project: 1001 };
/** Cheap rounds: more of them narrow the spread. */
const CORE_ROUNDS = Math.max(ROUNDS, 15);

const text = JSON.stringify(answersBody(ROWS));
const parsed: unknown = JSON.parse(text);

function checkAndTable(check: BodyCheck, body: unknown): void {
  const result = check.response('answers', QUERY, body);
  if (!result.ok) throw new Error(`bench body fails the contract: ${result.path} ${result.detail}`);
  const table = toTable('answers', QUERY, result.value);
  if (table.rows.length !== ROWS) throw new Error('normalization lost rows');
}

/** ms per body: the fastest of BATCHES batches. */
function timed(work: () => void): () => number {
  return () => {
    let fastest = Number.POSITIVE_INFINITY;
    for (let batch = 0; batch < BATCHES; batch += 1) {
      const started = performance.now();
      for (let i = 0; i < BATCH; i += 1) work();
      fastest = Math.min(fastest, (performance.now() - started) / BATCH);
    }
    return fastest;
  };
}

const jsonParse = timed(() => JSON.parse(text));
const sheetsCheck: BodyCheck = compiledCheck;
const fromText = timed(() => checkAndTable(sheetsCheck, JSON.parse(text)));
const preParsed = timed(() => checkAndTable(sheetsCheck, parsed));
const zodFromText = timed(() => checkAndTable(zodCheck, JSON.parse(text)));

// Warm-up: the JIT and every lazily built plan, on both sides.
for (const warm of [jsonParse, fromText, preParsed, zodFromText]) warm();

const FLOOR = 'JSON.parse of the same text';
const size = `${(text.length / 1024).toFixed(0)} KB`;
await figure(
  'core',
  `1,000 answer rows (${size}): parse + check + toTable`,
  'ms',
  FLOOR,
  fromText,
  jsonParse,
  CORE_ROUNDS,
);
await figure(
  'core',
  '1,000 answer rows, pre-parsed: check + toTable',
  'ms',
  FLOOR,
  preParsed,
  jsonParse,
  CORE_ROUNDS,
);
await figure(
  'core',
  '1,000 answer rows: parse + zod safeParse + toTable (reference)',
  'ms',
  FLOOR,
  zodFromText,
  jsonParse,
  CORE_ROUNDS,
);
