/**
 * How big a bundle is for its budget (scripts/widget/bundle-budget.ts): gzip at
 * BUNDLE_BUDGET_GZIP_LEVEL, with the reference zlib algorithm in plain
 * JavaScript (pako). Not node:zlib: Node ships Chromium's fork of zlib, which
 * picks code paths by processor (SIMD, ARM or x86), so a size asserted to the
 * byte is computed the same way on every CI machine. (On this project's
 * machines both give the same bytes.)
 */
import { gzip } from 'pako';
import { BUNDLE_BUDGET_GZIP_LEVEL } from './widget/bundle-budget.js';

export function gzipSize(bytes: Uint8Array | string): number {
  return gzip(bytes, { level: BUNDLE_BUDGET_GZIP_LEVEL }).length;
}
