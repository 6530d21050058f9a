/**
 * Styles every widget shares: theme tokens, the card frame, states. Public
 * knobs are --aivis-* custom properties; internal ones start with --_.
 * Light colours by default, dark under prefers-color-scheme unless
 * theme="light", and always with theme="dark". Both palettes keep WCAG AA
 * contrast for text (4.5:1) and for bars against the track (3:1).
 */
import { css, unsafeCSS } from 'lit';

/** Each theme token once: [internal name, public --aivis-color-* knob, light, dark]. */
const PALETTE = [
  ['bg', 'background', '#ffffff', '#16181d'],
  ['fg', 'text', '#1f2328', '#e6e8eb'],
  ['muted', 'muted', '#57606a', '#a8b0bb'],
  ['border', 'border', '#d0d7de', '#3d444d'],
  ['accent', 'accent', '#0a5ab0', '#6cb6ff'],
  ['own', 'own-brand', '#8a3ffc', '#d2a8ff'],
  ['track', 'track', '#eaeef2', '#2d333b'],
  ['up', 'positive', '#1a7f37', '#57d482'],
  ['down', 'negative', '#b42318', '#ff9080'],
  ['warn-bg', 'warning-background', '#fff8c5', '#3b2e00'],
  ['warn-fg', 'warning-text', '#6a4a00', '#f2cc60'],
  ['error-bg', 'error-background', '#f6f8fa', '#22272e'],
  ['error-fg', 'error-text', '#a40e26', '#ffb1a8'],
] as const;

/** The palette's declarations, light (0) or dark (1), then the matching color-scheme. */
const palette = (dark: 0 | 1) =>
  unsafeCSS(
    `${PALETTE.map(
      (token) => `--_${token[0]}:var(--aivis-color-${token[1]},${token[2 + dark]});`,
    ).join('')}color-scheme:${dark ? 'dark' : 'light'};`,
  );
const dark = palette(1);

// No CSS comments inside css``: they would ship in the bundle. --_gap is the
// usual gap between blocks. The styles of templates.ts's bar rows, pager and
// data table are in bar.styles.ts, pager.styles.ts and table.styles.ts, for
// the widgets that show them.
export const baseStyles = css`
  :host {
    ${palette(0)}
    --_radius: var(--aivis-radius, 8px);
    --_space: var(--aivis-spacing, 1rem);
    --_gap: calc(var(--_space) * 0.75);

    display: block;
    container-type: inline-size;
    font-family: var(--aivis-font-family, inherit);
    color: var(--_fg);
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      ${dark}
    }
  }
  :host([theme='dark']) {
    ${dark}
  }
  :host([hidden]) {
    display: none;
  }
  :host(:not(:last-child)) {
    margin-block-end: var(--_space);
  }
  * {
    box-sizing: border-box;
  }
  .base {
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: var(--_space);
    line-height: 1.4;
    overflow-wrap: anywhere;
  }
  .header {
    margin-bottom: var(--_gap);
  }
  p,
  ul,
  ol,
  dd {
    margin: 0;
  }
  [role='heading'] {
    line-height: 1.25;
    font-weight: 600;
  }
  .heading {
    font-size: 1.05em;
  }
  .system-font {
    font-family: var(--aivis-font-family, system-ui, sans-serif);
  }
  .muted,
  .meta,
  .numbers,
  .rank,
  time,
  dt,
  caption {
    color: var(--_muted);
  }
  .muted,
  .meta,
  .notice {
    font-size: 0.875em;
  }
  .numbers,
  .rank,
  time {
    font-variant-numeric: tabular-nums;
  }
  .meta {
    margin-top: var(--_gap);
  }
  ul,
  ol {
    padding: 0;
    list-style: none;
  }
  a,
  summary {
    color: var(--_accent);
  }
  summary {
    cursor: pointer;
  }
  button {
    font: inherit;
    color: var(--_fg);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) / 2);
    padding: 0.25rem 0.75rem;
    cursor: pointer;
  }
  :focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  .visually-hidden {
    position: absolute !important;
    width: 1px;
    height: 1px;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  .notice,
  .error {
    padding: 0.5rem 0.75rem;
    border-radius: calc(var(--_radius) / 2);
    background: var(--_warn-bg);
    color: var(--_warn-fg);
  }
  .notice {
    padding: 0.3rem 0.5rem;
    margin-top: calc(var(--_space) * 0.5);
  }
  .error {
    font-size: 0.875em;
    background: var(--_error-bg);
    color: var(--_fg);
    border-inline-start: 3px solid var(--_error-fg);
  }
  .error > * + * {
    margin-top: 0.4rem;
  }
  .error details p {
    margin-top: 0.25rem;
    color: var(--_muted);
  }
  .error ul {
    padding-inline-start: 1rem;
    list-style: disc;
  }
  .skeleton {
    display: grid;
    gap: 0.6rem;
  }
  .skeleton span {
    height: 0.9rem;
    border-radius: 4px;
    background: var(--_track);
    animation: aivis-pulse 1.4s ease-in-out infinite;
  }
  .skeleton span:nth-child(2) {
    width: 80%;
  }
  .skeleton span:nth-child(3) {
    width: 60%;
  }
  @keyframes aivis-pulse {
    50% {
      opacity: 0.45;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    * {
      animation: none !important;
      transition: none !important;
    }
  }
`;
