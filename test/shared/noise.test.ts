/** The noise rule (docs/alerts.md): two standard errors of the difference of two proportions. */
import { describe, expect, test } from 'vitest';
import { compareFigures, describeChange, noiseBand, signedPoints } from '../../shared/noise.js';

describe('noise band', () => {
  test('two standard errors of the difference of two proportions, in points', () => {
    // p = 0.5 on 10,000 answers each side: 2 * sqrt(0.25/10000 * 2) = 0.01414 -> 1.41 points.
    expect(noiseBand({ points: 50, answers: 10_000 }, { points: 50, answers: 10_000 })).toBeCloseTo(
      Math.SQRT2,
      3,
    );
    // Fewer answers, wider band: a quarter of the answers doubles it.
    expect(noiseBand({ points: 50, answers: 2_500 }, { points: 50, answers: 2_500 })).toBeCloseTo(
      2.828,
      3,
    );
  });

  test('a missing or impossible count or figure gives no band, and never "beyond noise"', () => {
    expect(noiseBand({ points: 60, answers: 0 }, { points: 55, answers: 100 })).toBeNull();
    expect(noiseBand({ points: 60, answers: Number.NaN }, { points: 55, answers: 100 })).toBeNull();
    expect(noiseBand({ points: 160, answers: 100 }, { points: 55, answers: 100 })).toBeNull();
    const unknown = compareFigures({ points: 90, answers: 0 }, { points: 10, answers: 100 });
    expect(unknown.beyondNoise).toBe(false);
    expect(describeChange(unknown)).toBe(
      '\u221280.0 points (noise unknown: the answer count is missing)',
    );
  });

  test('beyond noise only when the change is larger than the band', () => {
    const small = compareFigures({ points: 60, answers: 2_880 }, { points: 58.1, answers: 2_880 });
    expect(small.beyondNoise).toBe(false);
    const large = compareFigures({ points: 60, answers: 2_880 }, { points: 55.9, answers: 2_880 });
    expect(large.beyondNoise).toBe(true);
    expect(describeChange(large)).toBe('\u22124.1 points (noise \u00b12.6 at 2,880 answers)');
    const counts = compareFigures({ points: 40, answers: 300 }, { points: 50, answers: 1_200 });
    expect(describeChange(counts)).toBe('+10.0 points (noise \u00b16.4 at 300 and 1,200 answers)');
  });

  test('signed points use a true minus and no sign for zero', () => {
    expect(signedPoints(-0.04)).toBe('0.0');
    expect(signedPoints(2.25)).toBe('+2.3');
  });
});
