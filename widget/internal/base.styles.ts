/**
 * Styles every widget shares: theme tokens, the card frame, states. Public
 * knobs are --aivis-* custom properties; internal ones start with --_.
 * Light colours by default, dark under prefers-color-scheme unless
 * theme="light", and always with theme="dark". Both palettes keep WCAG AA
 * contrast for text (4.5:1) and for bars against the track (3:1).
 */
import { css } from 'lit';

export const baseStyles = css`
  :host {
    --_bg: var(--aivis-color-background, #ffffff);
    --_fg: var(--aivis-color-text, #1f2328);
    --_muted: var(--aivis-color-muted, #57606a);
    --_border: var(--aivis-color-border, #d0d7de);
    --_accent: var(--aivis-color-accent, #0a5ab0);
    --_own: var(--aivis-color-own-brand, #8a3ffc);
    --_track: var(--aivis-color-track, #eaeef2);
    --_up: var(--aivis-color-positive, #1a7f37);
    --_down: var(--aivis-color-negative, #b42318);
    --_warn-bg: var(--aivis-color-warning-background, #fff8c5);
    --_warn-fg: var(--aivis-color-warning-text, #6a4a00);
    --_error-bg: var(--aivis-color-error-background, #ffebe9);
    --_error-fg: var(--aivis-color-error-text, #a40e26);
    --_radius: var(--aivis-radius, 8px);
    --_space: var(--aivis-spacing, 1rem);
    --_font: var(--aivis-font-family, inherit);

    display: block;
    container-type: inline-size;
    color-scheme: light;
    font-family: var(--_font);
    color: var(--_fg);
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      --_bg: var(--aivis-color-background, #16181d);
      --_fg: var(--aivis-color-text, #e6e8eb);
      --_muted: var(--aivis-color-muted, #a8b0bb);
      --_border: var(--aivis-color-border, #3d444d);
      --_accent: var(--aivis-color-accent, #6cb6ff);
      --_own: var(--aivis-color-own-brand, #d2a8ff);
      --_track: var(--aivis-color-track, #2d333b);
      --_up: var(--aivis-color-positive, #57d482);
      --_down: var(--aivis-color-negative, #ff9080);
      --_warn-bg: var(--aivis-color-warning-background, #3b2e00);
      --_warn-fg: var(--aivis-color-warning-text, #f2cc60);
      --_error-bg: var(--aivis-color-error-background, #3c1618);
      --_error-fg: var(--aivis-color-error-text, #ffb1a8);
      color-scheme: dark;
    }
  }
  :host([theme='dark']) {
    --_bg: var(--aivis-color-background, #16181d);
    --_fg: var(--aivis-color-text, #e6e8eb);
    --_muted: var(--aivis-color-muted, #a8b0bb);
    --_border: var(--aivis-color-border, #3d444d);
    --_accent: var(--aivis-color-accent, #6cb6ff);
    --_own: var(--aivis-color-own-brand, #d2a8ff);
    --_track: var(--aivis-color-track, #2d333b);
    --_up: var(--aivis-color-positive, #57d482);
    --_down: var(--aivis-color-negative, #ff9080);
    --_warn-bg: var(--aivis-color-warning-background, #3b2e00);
    --_warn-fg: var(--aivis-color-warning-text, #f2cc60);
    --_error-bg: var(--aivis-color-error-background, #3c1618);
    --_error-fg: var(--aivis-color-error-text, #ffb1a8);
    color-scheme: dark;
  }
  :host([hidden]) {
    display: none;
  }
  * {
    box-sizing: border-box;
  }
  .base {
    background: var(--_bg);
    color: var(--_fg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: var(--_space);
    line-height: 1.4;
    overflow-wrap: anywhere;
  }
  .header {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: space-between;
    gap: 0.25rem 1rem;
    margin-bottom: calc(var(--_space) * 0.75);
  }
  h2,
  h3,
  h4 {
    margin: 0;
    line-height: 1.25;
  }
  h2 {
    font-size: 1.05em;
  }
  h3 {
    font-size: 1em;
  }
  .muted,
  .meta {
    color: var(--_muted);
    font-size: 0.875em;
  }
  .meta {
    margin: calc(var(--_space) * 0.75) 0 0;
  }
  ul,
  ol {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a {
    color: var(--_accent);
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
  button:disabled {
    cursor: not-allowed;
    color: var(--_muted);
  }
  :focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  .visually-hidden {
    position: absolute !important;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  .notice {
    margin: calc(var(--_space) * 0.5) 0 0;
    padding: 0.5rem 0.75rem;
    border-radius: calc(var(--_radius) / 2);
    background: var(--_warn-bg);
    color: var(--_warn-fg);
    font-size: 0.875em;
  }
  .error {
    padding: 0.75rem;
    border-radius: calc(var(--_radius) / 2);
    background: var(--_error-bg);
    color: var(--_error-fg);
  }
  .error p {
    margin: 0 0 0.5rem;
  }
  .error p:last-child {
    margin-bottom: 0;
  }
  .error .title {
    font-weight: 600;
  }
  .error a {
    color: inherit;
  }
  .skeleton {
    display: grid;
    gap: 0.6rem;
  }
  .skeleton span {
    display: block;
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
    border-radius: 999px;
    transition: width 0.4s ease;
  }
  @keyframes aivis-pulse {
    50% {
      opacity: 0.45;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .skeleton span {
      animation: none;
    }
    .bar {
      transition: none;
    }
  }
`;
