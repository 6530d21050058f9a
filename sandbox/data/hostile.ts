/**
 * Hostile values planted in project 1001. Every front end is tested against
 * them, so they are exported here once and asserted against by reference.
 */

/** A brand that a spreadsheet would run as a formula if written raw into a cell. */
export const FORMULA_BRAND = '=HYPERLINK("http://evil.example","win")';
export const SCRIPT_TAG = '<script>alert(1)</script>';
export const IMG_ONERROR = '<img src=x onerror=alert(1)>';
/** A cited URL that must never become a link. */
export const JAVASCRIPT_URL = 'javascript:alert(document.cookie)';
export const JAPANESE_TEXT = 'ブライトレーンは日本市場で最も評価の高い分析ツールの一つです。';
export const ARABIC_TEXT = 'برايتلين أداة تحليل موثوقة للشركات الصغيرة.';
export const CYRILLIC_TEXT = 'Брайтлейн — надёжный инструмент аналитики для малого бизнеса.';
export const EMOJI_TEXT = 'Great pick 🚀🔥👍🏽 for teams 👩‍💻';
/** Several thousand characters, for truncation, wrapping and cell limits. */
export const LONG_TEXT = Array.from(
  { length: 60 },
  (_, i) =>
    `Paragraph ${i + 1}: Brightlane compares favourably on reporting depth, integrations and price, though reviewers note a learning curve.`,
).join(' ');
/** Search queries that spreadsheets read as formulas or mentions. */
export const SIGNED_QUERIES = [
  '+brightlane pricing',
  '-brightlane alternatives',
  '@brightlane support',
] as const;

export const HOSTILE = {
  formulaBrand: FORMULA_BRAND,
  scriptTag: SCRIPT_TAG,
  imgOnerror: IMG_ONERROR,
  javascriptUrl: JAVASCRIPT_URL,
  japanese: JAPANESE_TEXT,
  arabic: ARABIC_TEXT,
  cyrillic: CYRILLIC_TEXT,
  emoji: EMOJI_TEXT,
  longText: LONG_TEXT,
  signedQueries: SIGNED_QUERIES,
} as const;
