import { css } from 'lit';

export const visibilityTrendStyles = css`
  :host {
    --_s1: var(--aivis-color-series-1, #0a5ab0);
    --_s2: var(--aivis-color-series-2, #a35200);
    --_s3: var(--aivis-color-series-3, #1a7f37);
    --_s4: var(--aivis-color-series-4, #b3186d);
    --_s5: var(--aivis-color-series-5, #57606a);
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      --_s1: var(--aivis-color-series-1, #6cb6ff);
      --_s2: var(--aivis-color-series-2, #f0a35e);
      --_s3: var(--aivis-color-series-3, #57d482);
      --_s4: var(--aivis-color-series-4, #f78dc0);
      --_s5: var(--aivis-color-series-5, #a8b0bb);
    }
  }
  :host([theme='dark']) {
    --_s1: var(--aivis-color-series-1, #6cb6ff);
    --_s2: var(--aivis-color-series-2, #f0a35e);
    --_s3: var(--aivis-color-series-3, #57d482);
    --_s4: var(--aivis-color-series-4, #f78dc0);
    --_s5: var(--aivis-color-series-5, #a8b0bb);
  }
  .legend {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1rem;
    font-size: 0.875em;
  }
  .legend li {
    display: flex;
    align-items: center;
    gap: 0.4rem;
  }
  .swatch {
    width: 1rem;
    height: 0.2rem;
    border-radius: 2px;
    background: currentColor;
  }
  .own .swatch {
    height: 0.35rem;
  }
  .plot {
    margin-top: var(--_gap);
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
  .own .line {
    stroke-width: 3;
  }
  .partial {
    stroke-dasharray: 4 3;
  }
  .pt {
    fill: currentColor;
    stroke: var(--_bg);
    stroke-width: 1.5;
    cursor: pointer;
  }
  .pt.hollow {
    fill: var(--_bg);
    stroke: currentColor;
  }
  .pt:focus {
    outline: none;
  }
  .pt.active {
    stroke: var(--_fg);
    stroke-width: 2.5;
  }
  .own {
    color: var(--_own);
  }
  .s1 {
    color: var(--_s1);
  }
  .s2 {
    color: var(--_s2);
  }
  .s3 {
    color: var(--_s3);
  }
  .s4 {
    color: var(--_s4);
  }
  .s5 {
    color: var(--_s5);
  }
  .readout {
    min-height: 1.4em;
    font-variant-numeric: tabular-nums;
  }
  @container (max-width: 359px) {
    .legend {
      display: grid;
    }
  }
`;
