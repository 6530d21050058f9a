import { css } from 'lit';

export const competitorRankingStyles = css`
  .highlights {
    display: grid;
  }
  .name {
    min-width: 0;
  }
  .own .name {
    font-weight: 700;
  }
  .rank,
  .badge {
    display: inline-block;
    white-space: nowrap;
  }
  .rank {
    min-width: 1.75rem;
  }
  .badge {
    vertical-align: 0.1em;
  }
  .row details {
    font-size: 0.85em;
  }
  .highlights {
    gap: 0.4rem;
    margin: 0.4rem 0 0.2rem;
  }
  .highlights li {
    margin: 0.15rem 0;
    padding-inline-start: 0.6rem;
    border-inline-start: 2px solid var(--_border);
  }
  @container (min-width: 560px) {
    .row {
      grid-template-columns: minmax(12rem, 1.2fr) 2fr;
      align-items: center;
      column-gap: 0.75rem;
    }
    .row details {
      grid-column: 1 / -1;
    }
  }
`;
