import { css } from 'lit';

export const citationsStyles = css`
  .rows,
  .row {
    display: grid;
    gap: 0.6rem;
  }
  .row {
    gap: 0.2rem;
    padding-inline-start: 0.5rem;
    border-inline-start: 3px solid transparent;
  }
  .own {
    border-inline-start-color: var(--_own);
  }
  .own .bar {
    background: var(--_own);
  }
  .badge {
    display: inline-block;
    margin-inline-start: 0.35rem;
    padding: 0 0.4rem;
    border: 1px solid;
    border-radius: 999px;
    font-size: 0.75em;
    font-weight: 600;
  }
  .url {
    font-size: 0.875em;
  }
  @container (min-width: 520px) {
    .row.domain {
      grid-template-columns: minmax(8rem, 14rem) minmax(3rem, 1fr);
      align-items: center;
      column-gap: 0.75rem;
    }
  }
`;
