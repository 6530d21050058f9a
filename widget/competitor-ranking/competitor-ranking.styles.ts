import { css } from 'lit';

export const competitorRankingStyles = css`
  .brands {
    display: grid;
    gap: 0.6rem;
  }
  .brand {
    display: grid;
    gap: 0.2rem;
    padding-inline-start: 0.5rem;
    border-inline-start: 3px solid transparent;
  }
  .brand.own {
    border-inline-start-color: var(--_own);
  }
  .brand .label {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 0 0.75rem;
    font-size: 0.9em;
  }
  .brand .name {
    min-width: 0;
  }
  .brand.own .name {
    font-weight: 700;
  }
  .rank {
    display: inline-block;
    min-width: 1.75rem;
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
  }
  .badge {
    display: inline-block;
    margin-inline-start: 0.35rem;
    padding: 0 0.4rem;
    border: 1px solid currentColor;
    border-radius: 999px;
    font-size: 0.75em;
    font-weight: 600;
    vertical-align: 0.1em;
  }
  .numbers {
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
  }
  .brand.own .bar {
    background: var(--_own);
  }
  details {
    font-size: 0.85em;
  }
  summary {
    cursor: pointer;
    color: var(--_accent);
  }
  .highlights {
    display: grid;
    gap: 0.4rem;
    margin: 0.4rem 0 0.2rem;
  }
  .highlights h4 {
    font-size: 1em;
  }
  .highlights li {
    margin: 0.15rem 0;
    padding-inline-start: 0.6rem;
    border-inline-start: 2px solid var(--_border);
  }
  .pager {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0.5rem;
    margin-top: calc(var(--_space) * 0.75);
  }
  .pager .buttons {
    display: flex;
    gap: 0.5rem;
  }
  @container (min-width: 560px) {
    .brand {
      grid-template-columns: minmax(12rem, 1.2fr) 2fr;
      align-items: center;
      column-gap: 0.75rem;
    }
    .brand details {
      grid-column: 1 / -1;
    }
  }
`;
