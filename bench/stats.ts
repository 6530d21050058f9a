/**
 * Bench statistics: every figure is a project measurement beside its floor,
 * measured in the same process, interleaved (A, B, A, B, ...) so machine
 * load drifts over both alike. What counts is the ratio within one run; the
 * absolute figures move with whatever else the machine is doing.
 */
import { appendFileSync } from 'node:fs';

/** Rounds per figure; BENCH_ROUNDS raises it (never below 7). */
export const ROUNDS = Math.max(7, Number(process.env.BENCH_ROUNDS) || 7);

export interface Spread {
  median: number;
  min: number;
  max: number;
}

/** `calls`: upstream requests counted, where fewer is better; `µs`: CPU time per response (load.ts). */
export type Unit = 'req/s' | 'ms' | 'µs' | 'calls';

export interface Figure {
  bench: string;
  name: string;
  unit: Unit;
  project: Spread;
  baselineName: string;
  baseline: Spread;
  /** project / baseline per round: for req/s higher is better, for ms lower is better. */
  ratio: Spread;
  rounds: number;
}

export function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median =
    sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0] ?? Number.NaN, max: sorted[sorted.length - 1] ?? Number.NaN };
}

/**
 * Runs `project` and `baseline` alternately for `rounds` rounds and pairs each
 * round's two results into a ratio. The side that goes first alternates too,
 * so neither always meets the warmer (or busier) machine.
 */
export async function interleave(
  rounds: number,
  project: () => number | Promise<number>,
  baseline: () => number | Promise<number>,
): Promise<{ project: number[]; baseline: number[]; ratios: number[] }> {
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    if (round % 2 === 0) {
      a.push(await project());
      b.push(await baseline());
    } else {
      b.push(await baseline());
      a.push(await project());
    }
  }
  return { project: a, baseline: b, ratios: a.map((value, index) => value / b[index]!) };
}

const format = (value: number, unit: Unit) =>
  unit === 'ms' || unit === 'µs'
    ? value.toFixed(value < 10 ? 2 : 0)
    : Math.round(value).toLocaleString('en-US');

const range = (s: Spread, unit: Unit) =>
  `${format(s.median, unit)} (${format(s.min, unit)}–${format(s.max, unit)}) ${unit}`;

/** One figure: prints it and hands it to the JSON report (report.ts). */
export async function figure(
  bench: string,
  name: string,
  unit: Unit,
  baselineName: string,
  project: () => number | Promise<number>,
  baseline: () => number | Promise<number>,
  rounds = ROUNDS,
): Promise<Figure> {
  const runs = await interleave(rounds, project, baseline);
  return paired(bench, name, unit, baselineName, runs.project, runs.baseline);
}

/** A figure of series already measured in interleaved rounds, paired round by round: printed and reported. */
export function paired(
  bench: string,
  name: string,
  unit: Unit,
  baselineName: string,
  project: readonly number[],
  baseline: readonly number[],
): Figure {
  const result: Figure = {
    bench,
    name,
    unit,
    project: spread(project),
    baselineName,
    baseline: spread(baseline),
    ratio: spread(project.map((value, index) => value / baseline[index]!)),
    rounds: project.length,
  };
  print(result);
  return result;
}

export function print(result: Figure): void {
  const { ratio } = result;
  console.log(
    `${result.bench.padEnd(8)} ${result.name}\n` +
      `         project  ${range(result.project, result.unit)}\n` +
      `         baseline ${range(result.baseline, result.unit)}  [${result.baselineName}]\n` +
      `         ratio    ${ratio.median.toFixed(2)}× (${ratio.min.toFixed(2)}–${ratio.max.toFixed(2)}), median of ${result.rounds} interleaved rounds`,
  );
  record(result);
}

/** run.ts sets BENCH_JSON_FILE; each figure is appended there as one JSON line. */
function record(result: Figure): void {
  const file = process.env.BENCH_JSON_FILE;
  if (!file) return;
  // Synchronous and tiny: one line per figure, written as soon as it is known.
  appendFileSync(file, `${JSON.stringify(result)}\n`);
}
