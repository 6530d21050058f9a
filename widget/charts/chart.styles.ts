/**
 * Styles the SVG charts share (trend, AI traffic): grid, axis labels, lines,
 * the read-out line, and the competitor series colours with their knobs.
 */
import { css, unsafeCSS } from 'lit';

/** The competitors' line colours: [light, dark] per --aivis-color-series-N, each 3:1 or more on the card. */
const SERIES = [
  ['#0a5ab0', '#6cb6ff'],
  ['#a35200', '#f0a35e'],
  ['#1a7f37', '#57d482'],
  ['#b3186d', '#f78dc0'],
  ['#57606a', '#a8b0bb'],
] as const;

const series = (dark: 0 | 1) =>
  unsafeCSS(
    SERIES.map(
      (colours, index) =>
        `--_s${index + 1}:var(--aivis-color-series-${index + 1},${colours[dark]});`,
    ).join(''),
  );
const dark = series(1);

export const chartStyles = css`
  :host {
    ${series(0)}
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      ${dark}
    }
  }
  :host([theme='dark']) {
    ${dark}
  }
  .plot {
    min-width: 0;
  }
  svg {
    display: block;
    overflow: visible;
  }
  .grid {
    stroke: var(--_track);
  }
  .axis {
    fill: var(--_muted);
    font-size: 11px;
    font-variant-numeric: tabular-nums;
  }
  .line {
    fill: none;
    stroke: currentColor;
    stroke-width: 1.5;
    stroke-linejoin: round;
  }
  .readout {
    min-height: 1.4em;
    font-variant-numeric: tabular-nums;
  }
`;
