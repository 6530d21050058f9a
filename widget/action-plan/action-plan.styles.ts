import { css } from 'lit';

export const actionPlanStyles = css`
  .status,
  .notes {
    margin: 0 0 var(--_gap);
  }
  .notes {
    display: grid;
    gap: 0.25rem;
  }
  .actions {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 0.5rem;
  }
  .action + .action {
    border-top: 1px solid var(--_border);
    padding-top: 0.5rem;
  }
  article > .subheading {
    display: flex;
    gap: 0.35rem;
    font-size: 0.95em;
  }
  .rank {
    flex: none;
    white-space: nowrap;
  }
  article summary {
    position: relative;
    margin-top: 0.2rem;
    font-size: 0.875em;
    color: var(--_muted);
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .owner {
    color: var(--_fg);
    font-weight: 600;
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
  article .subheading:not(:first-child) {
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
  @container (min-width: 600px) {
    dl {
      grid-template-columns: repeat(3, 1fr);
      gap: 1rem;
    }
  }
`;
