import { css } from 'lit';

export const portfolioStyles = css`
  :host {
    display: block;
    container-type: inline-size;
  }
  .tools {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_gap);
    align-items: center;
    margin-block-end: var(--_gap);
  }
  .scroll {
    overflow-x: auto;
  }
  table {
    /* The card's anywhere would size columns to a letter ("Scor/e"); the table scrolls instead. */
    overflow-wrap: break-word;
    border-collapse: collapse;
    width: 100%;
    font-variant-numeric: tabular-nums;
  }
  th,
  td {
    text-align: start;
    padding: 0.4em 0.6em;
    border-block-end: 1px solid var(--_border);
    vertical-align: top;
  }
  th button {
    font: inherit;
    font-weight: 600;
    color: inherit;
    background: none;
    border: 0;
    padding: 0;
    cursor: pointer;
  }
  td.number,
  th.number {
    text-align: end;
  }
  .up {
    color: var(--_up);
  }
  .down {
    color: var(--_down);
  }
  .noise {
    color: var(--_muted);
  }
  .action {
    max-width: 28ch;
  }
  a {
    color: var(--_accent);
  }
  .notice {
    /* An error names a code such as paid_plan_required: wrap it rather than leave a 240 px card. */
    overflow-wrap: anywhere;
    color: var(--_warn-fg);
    background: var(--_warn-bg);
    padding: 0.4em 0.6em;
    border-radius: 4px;
  }
  @container (max-width: 520px) {
    .wide {
      display: none;
    }
  }
`;
