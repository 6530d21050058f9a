import { css } from 'lit';

export const searchOpportunitiesStyles = css`
  .rows {
    display: grid;
    gap: 0.75rem;
  }
  .row {
    display: grid;
    gap: 0.2rem;
    padding-bottom: 0.75rem;
    border-bottom: 1px solid var(--_border);
  }
  .row:last-child {
    border-bottom: 0;
    padding-bottom: 0;
  }
  .query {
    font-weight: 600;
  }
  .figures {
    display: flex;
    flex-wrap: wrap;
    gap: 0.1rem 1rem;
    font-size: 0.875em;
    font-variant-numeric: tabular-nums;
  }
  .figures div {
    display: flex;
    gap: 0.3rem;
  }
  .page {
    font-size: 0.875em;
  }
  @container (min-width: 640px) {
    .row {
      grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
      column-gap: 1rem;
    }
    .figures {
      grid-column: 2;
      grid-row: 1 / span 3;
      align-content: start;
    }
  }
`;
