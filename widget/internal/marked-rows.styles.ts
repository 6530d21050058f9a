/**
 * A list of bar rows in which one row is marked as the own one (the own
 * brand in the ranking, the own site in the citations): `.rows` holds
 * `.row`s, `.own` marks the row and its bar, `.badge` says it in words.
 * After baseStyles and barStyles.
 */
import { css } from 'lit';

export const markedRowsStyles = css`
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
`;
