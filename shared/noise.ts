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
const validPoints = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100;

/** The noise band in points for two figures, or null when a count or figure is unusable. */
export function noiseBand(before: SampledFigure, after: SampledFigure): number | null {
  if (!validPoints(before.points) || !validPoints(after.points)) return null;
  if (!validCount(before.answers) || !validCount(after.answers)) return null;
  const p1 = before.points / 100;
  const p2 = after.points / 100;
  const variance = (p1 * (1 - p1)) / before.answers + (p2 * (1 - p2)) / after.answers;
  return NOISE_STANDARD_ERRORS * Math.sqrt(variance) * 100;
}

/** The change from one figure to the next and whether it is more than sampling noise. */
export function compareFigures(before: SampledFigure, after: SampledFigure): FigureChange {
  const band = noiseBand(before, after);
  const change = after.points - before.points;
  return {
    change: round1(change),
    noise: band === null ? null : round1(band),
    // Compared unrounded, so a change is never called beyond a band it equals.
    beyondNoise: band !== null && Math.abs(change) > band,
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
