/**
 * The daily figures a ledger series can follow (daily_score's numeric
 * columns; docs/ledger.md, "Series"). Its own module with no imports: the
 * proxy's route reads it on every platform.
 */
export const SERIES_METRICS = [
  'score',
  'share_of_voice',
  'brand_named_rate',
  'average_prominence',
  'answers',
  'brand_named',
] as const;
export type SeriesMetric = (typeof SERIES_METRICS)[number];
