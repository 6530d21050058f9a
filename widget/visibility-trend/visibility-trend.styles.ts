import { css } from 'lit';

export const visibilityTrendStyles = css`
  .legend {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1rem;
    font-size: 0.875em;
  }
  .legend li {
    display: flex;
    align-items: center;
    gap: 0.4rem;
  }
  .swatch {
    width: 1rem;
    height: 0.2rem;
    border-radius: 2px;
    background: currentColor;
  }
  .own .swatch {
    height: 0.35rem;
  }
  .plot {
    margin-top: var(--_gap);
  }
  .own .line {
    stroke-width: 3;
  }
  .partial {
    stroke-dasharray: 4 3;
  }
  .pt {
    fill: currentColor;
    stroke: var(--_bg);
    stroke-width: 1.5;
    cursor: pointer;
  }
  .pt.hollow {
    fill: var(--_bg);
    stroke: currentColor;
  }
  /* A month from the proxy's ledger: a ring, so it reads apart from the API's months. */
  .pt.ledger {
    fill: var(--_bg);
    stroke: currentColor;
    stroke-dasharray: 2 1.5;
  }
  .pt:focus {
    outline: none;
  }
  .pt.active {
    stroke: var(--_fg);
    stroke-width: 2.5;
  }
  .own {
    color: var(--_own);
  }
  .s1 {
    color: var(--_s1);
  }
  .s2 {
    color: var(--_s2);
  }
  .s3 {
    color: var(--_s3);
  }
  .s4 {
    color: var(--_s4);
  }
  .s5 {
    color: var(--_s5);
  }
  @container (max-width: 359px) {
    .legend {
      display: grid;
    }
  }
`;
