/**
 * The builder reads a query once: readQuery hands the server a checked
 * parameter set (the client sends it without a second check) or the
 * complaints the functions word, by field.
 */
import { describe, expect, it } from 'vitest';
import { checkQuery, readQuery } from '../../apps-script/src/builder-query.js';
import { isChecked } from '../../shared/api/validate.js';

describe('readQuery', () => {
  it("gives the report and a checked set of the endpoint's parameters, the dataset from the report", () => {
    const reading = readQuery({
      report: 'competitors:history',
      project: '1001',
      params: { period: 'last_90_days', include_highlights: false },
      maxRows: '3',
    });
    expect(reading).toMatchObject({
      ok: true,
      report: { endpoint: 'competitors', dataset: 'history' },
      params: { project: 1001, dataset: 'history', period: 'last_90_days' },
    });
    // An unchecked box is the default, so it is not sent.
    expect(reading.ok && Object.keys(reading.params)).not.toContain('include_highlights');
    expect(reading.ok && isChecked('competitors', reading.params)).toBe(true);
  });

  it('names each field that is wrong, Sheets options included, as checkQuery shows them', () => {
    const query = { report: 'answers', project: 1001, params: { limit: '999' }, maxRows: '0' };
    const reading = readQuery(query);
    expect(reading).toEqual({
      ok: false,
      errors: {
        limit: ["must be a whole number from 1 to 100, not '999'"],
        max_rows: ["must be a whole number from 1 to 50000, not '0'"],
      },
    });
    expect(checkQuery(query)).toEqual(reading.ok ? {} : reading.errors);
    expect(readQuery({ report: 'nope', params: {} })).toEqual({
      ok: false,
      errors: { report: ['must be one of the reports in the list'] },
    });
  });
});
