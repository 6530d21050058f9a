/**
 * The form model turns each parameter rule into one control; the explorer
 * and the Sheets builder render it, so what a rule gets is decided here.
 */
import { describe, expect, it } from 'vitest';
import { ENDPOINT_NAMES, ENDPOINTS } from '../../shared/api/endpoints.js';
import {
  boolParam,
  dateParam,
  describeRule,
  enumParam,
  intParam,
  listParam,
  numberParam,
  type ParamRule,
  textParam,
} from '../../shared/api/param-rules.js';
import { controlOf, endpointControls } from '../../shared/forms/form-model.js';

describe('controlOf', () => {
  it('gives a choice rule a select whose empty choice names the default', () => {
    const rule = enumParam(['7d', '30d'], 'Period', '30d');
    expect(controlOf('period', rule)).toEqual({
      key: 'period',
      label: 'period',
      kind: 'select',
      values: ['7d', '30d'],
      emptyChoice: '(default: 30d)',
      defaultValue: '30d',
      help: describeRule(rule),
    });
    expect(controlOf('platform', enumParam(['a', 'b'], 'Platform')).emptyChoice).toBe('(not set)');
  });

  it('gives a yes/no rule a checkbox only where unchecked means its default', () => {
    expect(controlOf('flagged', boolParam('Only flagged', false))).toMatchObject({
      kind: 'checkbox',
      defaultValue: false,
    });
    // Without a false default, "not given" differs from false: three states, a select.
    for (const [rule, empty] of [
      [boolParam('Maybe'), '(not set)'],
      [boolParam('On', true), '(default: true)'],
    ] as const) {
      expect(controlOf('flag', rule)).toMatchObject({
        kind: 'select',
        values: ['true', 'false'],
        emptyChoice: empty,
      });
    }
  });

  it('gives lists a multiselect, numbers their bounds and step, dates and text their inputs', () => {
    expect(controlOf('include', listParam(['x', 'y'], 'Parts'))).toMatchObject({
      kind: 'multiselect',
      values: ['x', 'y'],
    });
    expect(controlOf('limit', intParam(1, 100, 'Rows', 25))).toMatchObject({
      kind: 'number',
      min: 1,
      max: 100,
      step: 1,
      defaultValue: 25,
    });
    expect(controlOf('min', numberParam(0, 1000, 'Position'))).toMatchObject({
      kind: 'number',
      step: 'any',
    });
    expect(controlOf('since', dateParam('From')).kind).toBe('date');
    expect(controlOf('q', textParam('Search')).kind).toBe('text');
  });
});

describe('endpointControls', () => {
  it('gives every parameter of every endpoint one control, in the table order, with its rule as help', () => {
    for (const name of ENDPOINT_NAMES) {
      const rules = ENDPOINTS[name].params as Record<string, ParamRule>;
      const controls = endpointControls(name);
      expect(controls.map((control) => control.key)).toEqual(Object.keys(rules));
      for (const control of controls) {
        const rule = rules[control.key]!;
        expect(control.help).toBe(describeRule(rule));
        if ('values' in rule) expect(control.values).toEqual(rule.values);
        if ('min' in rule) expect([control.min, control.max]).toEqual([rule.min, rule.max]);
      }
    }
  });

  it('leaves out what the caller fixes elsewhere', () => {
    const keys = endpointControls('competitors', ['dataset']).map((control) => control.key);
    expect(keys).not.toContain('dataset');
    expect(keys).toContain('period');
  });
});
