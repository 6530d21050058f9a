/** The styles of templates.ts barRow, for the widgets that draw bars (after baseStyles). */
import { css } from 'lit';

export const barStyles = css`
  .label {
    display: grid;
    font-size: 0.875em;
  }
  .track {
    background: var(--_track);
    border-radius: 999px;
    height: 0.6rem;
    overflow: hidden;
  }
  .bar {
    display: block;
    height: 100%;
    background: var(--_accent);
    border-radius: inherit;
    transition: width 0.4s ease;
  }
`;
