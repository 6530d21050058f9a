// @vitest-environment happy-dom
/**
 * The explorer's request form and the Sheets query builder render the same
 * form model, so every parameter of every endpoint must come out as the same
 * control in both: read from the DOM each renderer builds.
 */
import { describe, expect, it } from 'vitest';
import { builderReports } from '../../apps-script/src/builder-query.js';
import { controlElement } from '../../apps-script/ui/builder-fields.js';
import { ENDPOINT_NAMES, ENDPOINTS, type EndpointName } from '../../shared/api/endpoints.js';
import { readParams, renderParams } from '../../start/explorer/param-form.js';

/** What a rendered control is, as a user meets it: its kind, choices and bounds. */
function describeControl(node: Element) {
  const choices = [...node.querySelectorAll('option')].map((each) => [
    each.value,
    each.textContent,
  ]);
  if (node instanceof HTMLSelectElement) {
    return { kind: node.multiple ? 'multiselect' : 'select', choices };
  }
  const input = node as HTMLInputElement;
  return { kind: input.type, min: input.min, max: input.max, step: input.step };
}

/** The explorer's controls of an endpoint, by parameter. */
function explorerControls(name: EndpointName) {
  const box = document.createElement('form');
  renderParams(box, name, 1001);
  return { box, controls: controlsIn(box) };
}

function controlsIn(box: Element): Record<string, ReturnType<typeof describeControl>> {
  return Object.fromEntries(
    [...box.querySelectorAll('input[id^="param-"], select[id^="param-"]')].map((node) => [
      node.id.slice('param-'.length),
      describeControl(node),
    ]),
  );
}

describe('the explorer and the Sheets builder render one form model', () => {
  const reports = builderReports();

  it('give every parameter of every endpoint the same control', () => {
    let compared = 0;
    for (const name of ENDPOINT_NAMES) {
      const explorer = explorerControls(name).controls;
      const keys = Object.keys(ENDPOINTS[name].params);
      expect(Object.keys(explorer)).toEqual([
        ...('project' in explorer ? ['project'] : []),
        ...keys,
      ]);
      for (const report of reports.filter((each) => each.endpoint === name)) {
        const box = document.createElement('div');
        box.append(...report.controls.map(controlElement));
        const builder = controlsIn(box);
        // A report fixes the dataset, and the builder adds its own max_rows option.
        const shared = keys.filter((key) => key !== 'dataset' || !report.dataset);
        expect(Object.keys(builder).filter((key) => key !== 'max_rows')).toEqual(shared);
        for (const key of shared) {
          expect({ key, ...builder[key] }).toEqual({ key, ...explorer[key] });
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(40);
  });

  it('turns a yes/no parameter into a checkbox in both, which the explorer sends only when checked', () => {
    const { box, controls } = explorerControls('answers');
    expect(controls.only_flagged?.kind).toBe('checkbox');
    expect(readParams(box)).toEqual({ project: '1001' });
    box.querySelector<HTMLInputElement>('#param-only_flagged')!.checked = true;
    expect(readParams(box)).toEqual({ project: '1001', only_flagged: true });
  });
});
