import { css } from 'lit';

export const dashboardStyles = css`
  :host {
    display: block;
    container-type: inline-size;
    font-family: var(--aivis-font-family, inherit);
  }
  :host([hidden]) {
    display: none;
  }
  :host(:not(:last-child)) {
    margin-block-end: var(--aivis-spacing, 1rem);
  }
  .system-font {
    font-family: var(--aivis-font-family, system-ui, sans-serif);
  }
  .heading {
    margin: 0 0 var(--aivis-spacing, 1rem);
    font-size: 1.25em;
    font-weight: 700;
    line-height: 1.25;
  }
  .grid {
    display: grid;
    gap: var(--aivis-spacing, 1rem);
    align-items: start;
  }
  .grid > * {
    min-width: 0;
    margin: 0;
  }
  .unknown {
    margin: 0 0 var(--aivis-spacing, 1rem);
    font-size: 0.875em;
  }
  @container (min-width: 640px) {
    .grid {
      grid-template-columns: repeat(2, minmax(0, 1fr));
    }
    .wide {
      grid-column: 1 / -1;
    }
  }
  @container (min-width: 1000px) {
    .grid {
      grid-template-columns: repeat(3, minmax(0, 1fr));
    }
    .wide {
      grid-column: span 2;
    }
  }
`;
