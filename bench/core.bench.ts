/**
 * Core cost of a sheet or Looker refresh against JSON.parse of the same text:
 * answers bodies checked against the contract and normalized into a table
 * (toTable), as the Sheets add-on and the Looker connector do, for bodies of
 * several shapes (answers-body.ts), so a per-row cost cannot hide behind
 * long texts that make JSON.parse slow. Figures (ms per body, lower is better):
 * - from text: JSON.parse + check + toTable, vs JSON.parse, for 1,000 short
 *   rows, 1,000 rows with long answer texts, 10,000 short rows, 1,000 rows
 *   under the aliases and 1,000 rows lacking an assumed field;
 * - pre-parsed: check + toTable, vs JSON.parse (short and long rows);
 * - drift: the aliased and the lacking bodies against the short rows' fast
 *   path (check + table from text, the same number of rows);
 * - the zod reference check (zod-check.ts) from text, vs JSON.parse.
 * Run: npx tsx bench/core.bench.ts
 */
import type { BodyCheck } from '../shared/http/body-check.js';
import { zodCheck } from '../shared/http/zod-check.js';
import { compiledCheck } from '../shared/schemas/compiled-check.js';
import { toTable } from '../shared/table/normalize.js';
import { type AnswersBodyOptions, answersBody } from '../support/answers-body.js';
import { figure, ROUNDS } from './stats.js';

/**
 * A measurement is the fastest of BATCHES batches of bodies, as many bodies
 * per batch as make about 5,000 rows: one body takes a few ms, too short for
 * the clock alone, and other work on a shared machine only ever adds time.
 */
const BATCHES = 5;
const ROWS_PER_BATCH = 5000;
const QUERY = { project: 1001 };
/** Cheap rounds: more of them narrow the spread. */
const CORE_ROUNDS = Math.max(ROUNDS, 15);
const FLOOR = 'JSON.parse of the same text';

interface Body {
  label: string;
  rows: number;
  text: string;
  parsed: unknown;
}

function body(label: string, rows: number, options: AnswersBodyOptions = {}): Body {
  const text = JSON.stringify(answersBody(rows, options));
  return { label, rows, text, parsed: JSON.parse(text) };
}

function checkAndTable(check: BodyCheck, value: unknown, rows: number): void {
  const result = check.response('answers', QUERY, value);
  if (!result.ok) throw new Error(`bench body fails the contract: ${result.path} ${result.detail}`);
  const table = toTable('answers', QUERY, result.value);
  if (table.rows.length !== rows) throw new Error('normalization lost rows');
}

/** ms per body: the fastest of BATCHES batches. */
function timed(rows: number, work: () => void): () => number {
  const batch = Math.max(1, Math.round(ROWS_PER_BATCH / rows));
  return () => {
    let fastest = Number.POSITIVE_INFINITY;
    for (let round = 0; round < BATCHES; round += 1) {
      const started = performance.now();
      for (let i = 0; i < batch; i += 1) work();
      fastest = Math.min(fastest, (performance.now() - started) / batch);
    }
    return fastest;
  };
}

const parseOf = (b: Body) => timed(b.rows, () => JSON.parse(b.text));
const fromText = (b: Body, check: BodyCheck = compiledCheck) =>
  timed(b.rows, () => checkAndTable(check, JSON.parse(b.text), b.rows));
const preParsed = (b: Body) => timed(b.rows, () => checkAndTable(compiledCheck, b.parsed, b.rows));

const short = body('1,000 short answer rows', 1000);
const long = body('1,000 answer rows with long answer texts', 1000, { longTexts: true });
const many = body('10,000 short answer rows', 10_000);
const aliased = body('1,000 answer rows under the aliases (web_searches)', 1000, { aliases: true });
const lacking = body('1,000 answer rows lacking an assumed field (cited_urls)', 1000, {
  lacking: 'cited_urls',
});

const size = (b: Body) => `${(b.text.length / 1024).toFixed(0)} KB`;

// Warm-up: the JIT and every lazily built plan, on both sides.
for (const b of [short, long, many, aliased, lacking]) {
  parseOf(b)();
  fromText(b)();
  preParsed(b)();
}
fromText(short, zodCheck)();

for (const b of [short, long, many, aliased, lacking])
  await figure(
    'core',
    `${b.label} (${size(b)}): parse + check + toTable`,
    'ms',
    FLOOR,
    fromText(b),
    parseOf(b),
    CORE_ROUNDS,
  );
for (const b of [short, long])
  await figure(
    'core',
    `${b.label}, pre-parsed: check + toTable`,
    'ms',
    FLOOR,
    preParsed(b),
    parseOf(b),
    CORE_ROUNDS,
  );
for (const b of [aliased, lacking])
  await figure(
    'core',
    `drift: ${b.label}: parse + check + toTable`,
    'ms',
    `the same for ${short.label}`,
    fromText(b),
    fromText(short),
    CORE_ROUNDS,
  );
await figure(
  'core',
  `${short.label}: parse + zod safeParse + toTable (reference)`,
  'ms',
  FLOOR,
  fromText(short, zodCheck),
  parseOf(short),
  CORE_ROUNDS,
);
