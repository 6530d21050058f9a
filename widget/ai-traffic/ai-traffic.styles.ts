import { css } from 'lit';

export const aiTrafficStyles = css`
  .layout,
  .sources,
  .source {
    display: grid;
    gap: var(--_gap);
  }
  .layout > * {
    min-width: 0;
  }
  .sources {
    gap: 0.45rem;
  }
  .source {
    gap: 0.15rem;
  }
  .total {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0 0.35rem;
  }
  .total .value {
    white-space: nowrap;
    font-size: 2.25em;
    font-weight: 700;
    line-height: 1;
    font-variant-numeric: tabular-nums;
  }
  .up {
    color: var(--_up);
  }
  .down {
    color: var(--_down);
  }
  .subheading {
    margin: 0 0 0.4rem;
    font-size: 0.9em;
  }
  .line {
    color: var(--_accent);
    stroke-width: 2;
  }
  .cursor {
    stroke: var(--_fg);
    stroke-dasharray: 2 2;
  }
  .dot {
    fill: var(--_accent);
    stroke: var(--_bg);
    stroke-width: 2;
  }
  @container (min-width: 640px) {
    .layout {
      grid-template-columns: minmax(0, 3fr) minmax(12rem, 2fr);
      align-items: start;
    }
    .summary {
      grid-column: 1 / -1;
    }
  }
`;
