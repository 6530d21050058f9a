/**
 * The styles of templates.ts dataTable, for the widgets that show API rows as
 * a table (after baseStyles). A visually hidden table needs none.
 */
import { css } from 'lit';

export const tableStyles = css`
  .scroll {
    max-width: 100%;
    overflow-x: auto;
  }
  table {
    border-collapse: collapse;
    font-size: 0.8em;
    min-width: 100%;
    overflow-wrap: normal;
  }
  caption {
    text-align: start;
    padding-bottom: 0.25rem;
  }
  th,
  td {
    text-align: start;
    vertical-align: top;
    padding: 0.25rem 0.5rem;
    border-bottom: 1px solid var(--_border);
    min-width: 5rem;
    max-width: 24rem;
  }
  th,
  .num {
    white-space: nowrap;
  }
  .num {
    text-align: end;
    min-width: 0;
    font-variant-numeric: tabular-nums;
  }
`;
