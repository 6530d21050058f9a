/**
 * The geometry of the widgets' small SVG charts, written by hand rather than
 * with a charting library: the charts need a scale, a path and a few ticks,
 * a few hundred bytes, where the smallest maintained libraries cost several
 * KB gzip of the full bundle's budget. Geometry goes into SVG
 * attributes (x, y, d, points), never style attributes: a strict
 * Content-Security-Policy blocks those.
 */

/** The drawing area inside the SVG, in pixels. */
export interface Frame {
  width: number;
  height: number;
  /** Room for the y-axis labels on the left and the x-axis labels below. */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** A linear map of [from0, from1] onto [to0, to1]; a flat domain maps to the middle. */
export function linear(from0: number, from1: number, to0: number, to1: number) {
  const span = from1 - from0;
  return (value: number) =>
    span === 0 ? (to0 + to1) / 2 : to0 + ((value - from0) / span) * (to1 - to0);
}

/** x of the i-th of `count` evenly spaced points across the frame. */
export function xOf(frame: Frame, count: number) {
  return linear(0, Math.max(1, count - 1), frame.left, frame.width - frame.right);
}

/** y of a value between 0 and `max` (0 at the bottom of the frame). */
export function yOf(frame: Frame, max: number) {
  return linear(0, max, frame.height - frame.bottom, frame.top);
}

const round = (value: number) => Math.round(value * 10) / 10;

/** An SVG path through the points; a missing value (null) breaks the line. */
export function linePath(points: ReadonlyArray<readonly [number, number] | null>): string {
  let d = '';
  let pen = 'M';
  for (const point of points) {
    if (!point) {
      pen = 'M';
      continue;
    }
    d += `${pen}${round(point[0])} ${round(point[1])}`;
    pen = 'L';
  }
  return d;
}

/** A round upper bound for an axis: 1, 2 or 5 times a power of ten, at least `max`. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** Which of `count` x labels to show so that each gets about `room` pixels. */
export function labelStep(count: number, plotWidth: number, room: number): number {
  return Math.max(1, Math.ceil((count * room) / Math.max(1, plotWidth)));
}
