import { css } from 'lit';

export const visibilityScoreStyles = css`
  .figures {
    display: grid;
    grid-template-columns: 1fr;
    gap: calc(var(--_space) * 0.75);
  }
  .score {
    display: flex;
    align-items: baseline;
    gap: 0.35rem;
    margin: 0;
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
  .change.up {
    color: var(--_up);
  }
  .change.down {
    color: var(--_down);
  }
  .sov {
    margin: 0;
  }
  .sov strong {
    font-size: 1.25em;
  }
  h3 {
    margin: calc(var(--_space) * 0.75) 0 0.4rem;
    font-size: 0.9em;
  }
  .platforms {
    display: grid;
    gap: 0.45rem;
  }
  .platform {
    display: grid;
    grid-template-columns: 1fr;
    gap: 0.15rem;
  }
  .platform .label {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 0 0.5rem;
    font-size: 0.875em;
  }
  .platform .numbers {
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
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
    .platform .label {
      display: contents;
    }
    .platform .numbers {
      order: 3;
      text-align: end;
    }
  }
`;
