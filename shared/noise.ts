/**
 * Sampling noise of a change between two percentages (docs/alerts.md, "The
 * noise rule"). AI answers are samples: a visibility score of 60 % over
 * 2,880 answers could as well have been 59 % or 61 %. A change counts as
 * more than noise when it is larger than two standard errors of the
 * difference of two proportions,
 *
 *     band = 2 * sqrt(p1 (1 - p1) / n1 + p2 (1 - p2) / n2)
 *
 * with p the two figures as proportions and n the answer counts behind them.
 * The one place this rule is written: the Sheets alerts and digests and the
 * score card widget all call it. Pure: no DOM, no Node, no Apps Script.
 */

/** A figure in points (0 to 100) and the number of answers it was measured on. */
export interface SampledFigure {
  points: number;
  answers: number;
}

export interface FigureChange {
  /** after minus before, in points, one decimal. */
  change: number;
  /** Two standard errors of the difference, in points, one decimal; null when a count is missing. */
  noise: number | null;
  /** True when |change| is larger than the noise band (never true when the band is unknown). */
  beyondNoise: boolean;
  answersBefore: number | null;
  answersAfter: number | null;
}

/** The width of the band in standard errors: about 95 % of pure chance stays inside. */
export const NOISE_STANDARD_ERRORS = 2;

const round1 = (value: number) => Math.round(value * 10) / 10;
const validCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 1;

/**
 * The noise band in points for two figures, or null when a count is missing
 * or below 1 or a figure is not a percentage (NaN compares false, and a
 * figure outside 0..100 makes a variance term negative).
 */
export function noiseBand(before: SampledFigure, after: SampledFigure): number | null {
  if (!(before.answers >= 1 && after.answers >= 1)) return null;
  const band = bandOf(before.points, after.points, before.answers, after.answers);
  return Number.isNaN(band) ? null : band;
}

/**
 * noiseBand's arithmetic with plain numbers (the score card's path, where
 * bytes count; one count stands for both when only one is known). In points
 * directly: p (100 - p) / n is the variance in points². NaN for a figure
 * outside 0..100 (the square root of a negative variance); no answers give
 * an infinite band (nothing is known, so every change is within it).
 */
export function bandOf(p1: number, p2: number, n1: number, n2 = n1): number {
  return NOISE_STANDARD_ERRORS * Math.sqrt((p1 * (100 - p1)) / n1 + (p2 * (100 - p2)) / n2);
}

/** Within noise: a known band at least as large as the change (an unknown, NaN band never is). */
export const withinNoise = (change: number, band: number): boolean => Math.abs(change) <= band;

/** The change from one figure to the next and whether it is more than sampling noise. */
export function compareFigures(before: SampledFigure, after: SampledFigure): FigureChange {
  const band = noiseBand(before, after);
  const change = after.points - before.points;
  return {
    change: round1(change),
    noise: band === null ? null : round1(band),
    beyondNoise: band !== null && !withinNoise(change, band),
    answersBefore: validCount(before.answers) ? before.answers : null,
    answersAfter: validCount(after.answers) ? after.answers : null,
  };
}

const grouped = (value: number) => String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Signed, one decimal, a true minus sign: "−4.1", "+0.8", "0.0". */
export function signedPoints(value: number): string {
  const text = Math.abs(value).toFixed(1);
  if (round1(value) === 0) return '0.0';
  return value < 0 ? `\u2212${text}` : `+${text}`;
}

/** "−4.1 points (noise ±2.3 at 2,880 answers)": the change with its band, in words. */
export function describeChange(figure: FigureChange): string {
  const points = `${signedPoints(figure.change)} points`;
  if (figure.noise === null) return `${points} (noise unknown: the answer count is missing)`;
  const counts =
    figure.answersBefore === figure.answersAfter
      ? grouped(figure.answersAfter ?? 0)
      : `${grouped(figure.answersBefore ?? 0)} and ${grouped(figure.answersAfter ?? 0)}`;
  return `${points} (noise \u00b1${figure.noise.toFixed(1)} at ${counts} answers)`;
}
