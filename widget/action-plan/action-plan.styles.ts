import { css } from 'lit';

export const actionPlanStyles = css`
  .status,
  .notes {
    margin: 0 0 var(--_gap);
  }
  .notes li {
    margin: 0.2rem 0;
  }
  .actions {
    display: grid;
    gap: var(--_space);
  }
  .action + .action {
    border-top: 1px solid var(--_border);
    padding-top: var(--_gap);
  }
  .action .subheading:first-child {
    display: flex;
    gap: 0.4rem;
  }
  dl,
  dl div {
    display: grid;
    gap: 0.35rem;
    margin: 0.5rem 0;
  }
  dl div {
    align-content: start;
    gap: 0.05rem;
    margin: 0;
  }
  dt {
    font-size: 0.8em;
  }
  .action .subheading:not(:first-child) {
    font-size: 0.85em;
    margin: 0.5rem 0 0.25rem;
  }
  .evidence li {
    font-size: 0.9em;
    margin: 0.15rem 0;
  }
  .links {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem 1rem;
  }
  .links,
  .rows {
    margin-top: 0.6rem;
  }
  .scroll {
    overflow-x: auto;
  }
  table {
    border-collapse: collapse;
    font-size: 0.8em;
    min-width: 100%;
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
    max-width: 24rem;
  }
  th {
    white-space: nowrap;
  }
  @container (min-width: 600px) {
    dl {
      grid-template-columns: repeat(3, 1fr);
      gap: 1rem;
    }
  }
`;
