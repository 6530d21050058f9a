import { css } from 'lit';

export const citationsStyles = css`
  .url {
    font-size: 0.875em;
  }
  @container (min-width: 520px) {
    .row.domain {
      grid-template-columns: minmax(8rem, 14rem) minmax(3rem, 1fr);
      align-items: center;
      column-gap: 0.75rem;
    }
  }
`;
