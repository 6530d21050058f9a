import { css } from 'lit';

export const visibilityScoreStyles = css`
  .figures,
  .platforms,
  .platform {
    display: grid;
    gap: var(--_gap);
  }
  .score {
    display: flex;
    align-items: baseline;
    gap: 0.35rem;
  }
  .score .value {
    font-size: 2.25em;
    font-weight: 700;
    line-height: 1;
    font-variant-numeric: tabular-nums;
  }
  .change {
    margin: 0.25rem 0 0;
    font-size: 0.9em;
  }
  .up {
    color: var(--_up);
  }
  .down {
    color: var(--_down);
  }
  .sparkline {
    display: block;
    margin-top: 0.35rem;
    fill: none;
    stroke: var(--_own);
    stroke-width: 2;
  }
  .sparkline circle {
    fill: var(--_own);
  }
  .sparkline .hollow {
    fill: var(--_bg);
  }
  .sov strong {
    font-size: 1.25em;
  }
  .subheading {
    margin: var(--_gap) 0 0.4rem;
    font-size: 0.9em;
  }
  .platforms {
    gap: 0.45rem;
  }
  .platform {
    gap: 0.15rem;
  }
  .numbers {
    white-space: nowrap;
  }
  @container (min-width: 520px) {
    .figures {
      grid-template-columns: minmax(10rem, 1fr) minmax(0, 2fr);
      align-items: start;
    }
    .platform {
      grid-template-columns: minmax(5rem, 9rem) minmax(3rem, 1fr) auto;
      align-items: center;
      gap: 0.75rem;
    }
    .label {
      display: contents;
    }
    .numbers {
      order: 3;
      text-align: end;
    }
  }
`;
