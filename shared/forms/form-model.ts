/**
 * The form controls of an endpoint's parameters, derived from the endpoint
 * table's rules. Pure (no DOM): the explorer's request form and the Sheets
 * query builder both render from it, so one rule gets one control in both,
 * with the same label, choices, bounds, default and help text.
 */
import { ENDPOINTS, type EndpointName } from '../api/endpoints.js';
import { describeRule, type ParamRule } from '../api/param-rules.js';

export type ControlKind = 'select' | 'multiselect' | 'checkbox' | 'number' | 'date' | 'text';

export interface FormControl {
  /** The API parameter (or Sheets option) the control sets; validation messages use it too. */
  key: string;
  kind: ControlKind;
  /** The parameter's own name: the messages beside the control name it, so the label matches. */
  label: string;
  /** The rule in one line (describeRule): what it allows, its default, its rules with others. */
  help: string;
  /** The choices of a select or multiselect, in the rule's order. */
  values?: readonly string[];
  /** The text of a select's empty choice, which leaves the parameter to the API. */
  emptyChoice?: string;
  min?: number;
  max?: number;
  /** 1 for whole numbers; decimals take any step. */
  step?: 1 | 'any';
  defaultValue?: string | number | boolean;
}

/** A select's choice that sends nothing: the API's default, named where the rule has one. */
const emptyChoiceOf = (defaultValue: unknown) =>
  defaultValue === undefined ? '(not set)' : `(default: ${String(defaultValue)})`;

/**
 * The control for one rule. A yes/no parameter is a checkbox when unchecked
 * means its default (false): leaving it unchecked sends nothing and the API
 * answers as if it were false. A yes/no rule with another default, or none,
 * needs three states (not set, true, false), so it is a select.
 */
export function controlOf(key: string, rule: ParamRule): FormControl {
  const defaultValue = 'default' in rule ? rule.default : undefined;
  const base = {
    key,
    label: key,
    help: describeRule(rule),
    ...(defaultValue === undefined ? {} : { defaultValue }),
  };
  switch (rule.kind) {
    case 'enum':
      return {
        ...base,
        kind: 'select',
        values: rule.values,
        emptyChoice: emptyChoiceOf(defaultValue),
      };
    case 'bool':
      return defaultValue === false
        ? { ...base, kind: 'checkbox' }
        : {
            ...base,
            kind: 'select',
            values: ['true', 'false'],
            emptyChoice: emptyChoiceOf(defaultValue),
          };
    case 'list':
      return { ...base, kind: 'multiselect', values: rule.values };
    case 'int':
    case 'number':
      return {
        ...base,
        kind: 'number',
        min: rule.min,
        max: rule.max,
        step: rule.kind === 'int' ? 1 : 'any',
      };
    case 'date':
      return { ...base, kind: 'date' };
    case 'text':
      return { ...base, kind: 'text' };
  }
}

/** One control per query parameter of the endpoint, in the table's order, leaving out `omit`. */
export function endpointControls(name: EndpointName, omit: readonly string[] = []): FormControl[] {
  return Object.entries(ENDPOINTS[name].params as Record<string, ParamRule>)
    .filter(([key]) => !omit.includes(key))
    .map(([key, rule]) => controlOf(key, rule));
}
