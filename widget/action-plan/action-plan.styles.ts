import { css } from 'lit';

export const actionPlanStyles = css`
  .status {
    margin: 0 0 calc(var(--_space) * 0.75);
  }
  .notes {
    margin: 0 0 calc(var(--_space) * 0.75);
  }
  .notes li {
    margin: 0.2rem 0;
  }
  .actions {
    display: grid;
    gap: var(--_space);
  }
  .action {
    border-top: 1px solid var(--_border);
    padding-top: calc(var(--_space) * 0.75);
  }
  .action:first-child {
    border-top: none;
    padding-top: 0;
  }
  .action h3 {
    display: flex;
    gap: 0.4rem;
  }
  .rank {
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
  }
  dl {
    display: grid;
    gap: 0.35rem;
    margin: 0.5rem 0;
  }
  dl div {
    display: grid;
    align-content: start;
    gap: 0.05rem;
  }
  dt {
    color: var(--_muted);
    font-size: 0.8em;
  }
  dd {
    margin: 0;
  }
  h4 {
    font-size: 0.85em;
    margin: 0.5rem 0 0.25rem;
  }
  .evidence li {
    font-size: 0.9em;
    margin: 0.15rem 0;
  }
  time {
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
  }
  .links {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem 1rem;
    margin-top: 0.6rem;
  }
  .rows {
    margin-top: 0.6rem;
  }
  .scroll {
    overflow-x: auto;
    max-width: 100%;
  }
  table {
    border-collapse: collapse;
    font-size: 0.8em;
    min-width: 100%;
  }
  caption {
    text-align: start;
    color: var(--_muted);
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
