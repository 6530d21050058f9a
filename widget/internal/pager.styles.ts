/** The styles of templates.ts pager, for the widgets with paged lists (after baseStyles). */
import { css } from 'lit';

export const pagerStyles = css`
  button:disabled {
    cursor: not-allowed;
    opacity: 0.5;
    border-style: dashed;
    background: transparent;
  }
  .pager,
  .buttons {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0.5rem;
  }
  .pager {
    margin-top: var(--_gap);
  }
`;
