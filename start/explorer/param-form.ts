/**
 * The request form of one endpoint, generated from the endpoint table: one
 * control per parameter with the rule's description, and a slot beside each
 * for the core's (or the server's) validation message.
 */
import { ENDPOINTS, type EndpointName, needsProject } from '../../shared/api/endpoints.js';
import { describeRule, type ParamRule } from '../../shared/api/param-rules.js';

export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
}

function option(value: string, text = value): HTMLOptionElement {
  return Object.assign(element('option', text), { value });
}

function controlFor(rule: ParamRule): HTMLInputElement | HTMLSelectElement {
  if (rule.kind === 'enum' || rule.kind === 'bool') {
    const select = element('select');
    select.append(option('', '(default)'));
    for (const value of rule.kind === 'enum' ? rule.values : ['true', 'false'])
      select.append(option(value));
    return select;
  }
  if (rule.kind === 'list') {
    const select = element('select');
    select.multiple = true;
    select.size = Math.min(rule.values.length, 5);
    for (const value of rule.values) select.append(option(value));
    return select;
  }
  const input = element('input');
  input.type = rule.kind === 'date' ? 'date' : rule.kind === 'text' ? 'text' : 'number';
  if (rule.kind === 'int' || rule.kind === 'number') {
    input.min = String(rule.min);
    input.max = String(rule.max);
  }
  return input;
}

/** One labelled field: control, hint and the error slot the control points at. */
function field(
  name: string,
  control: HTMLInputElement | HTMLSelectElement,
  hint: string,
): HTMLElement {
  const box = element('div');
  box.className = 'field';
  const label = element('label', name);
  control.id = `param-${name}`;
  control.name = name;
  label.htmlFor = control.id;
  const help = Object.assign(element('small', hint), { id: `hint-${name}`, className: 'hint' });
  const error = Object.assign(element('small'), { id: `error-${name}`, className: 'error' });
  error.dataset.errorFor = name;
  control.setAttribute('aria-describedby', `${error.id} ${help.id}`);
  box.append(label, control, error, help);
  return box;
}

/** Replaces the box's fields with the endpoint's; `project` pre-fills the project id. */
export function renderParams(box: HTMLElement, name: EndpointName, project?: number): void {
  const fields: HTMLElement[] = [];
  if (needsProject(name)) {
    const input = Object.assign(element('input'), {
      type: 'number',
      value: project === undefined ? '' : String(project),
    });
    fields.push(field('project', input, 'Numeric project id (pick a project above)'));
  }
  for (const [param, rule] of Object.entries(ENDPOINTS[name].params as Record<string, ParamRule>)) {
    fields.push(field(param, controlFor(rule), describeRule(rule)));
  }
  box.replaceChildren(...fields);
}

/** The form's values as the core's validation takes them; empty fields are left out. */
export function readParams(box: HTMLElement): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const control of box.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
    'input, select',
  )) {
    if (control instanceof HTMLSelectElement && control.multiple) {
      const chosen = [...control.selectedOptions].map((each) => each.value);
      if (chosen.length) values[control.name] = chosen;
    } else if (control.value !== '') values[control.name] = control.value;
  }
  return values;
}

/**
 * Writes each parameter's messages beside its control and marks it invalid;
 * returns the messages of parameters the form has no field for.
 */
export function showFieldErrors(box: HTMLElement, errors: Record<string, string[]>): string[] {
  const shown = new Set<string>();
  for (const slot of box.querySelectorAll<HTMLElement>('[data-error-for]')) {
    const name = slot.dataset.errorFor ?? '';
    const messages = Object.hasOwn(errors, name) ? (errors[name] ?? []) : [];
    slot.textContent = messages.join('; ');
    const control = box.querySelector(`#param-${CSS.escape(name)}`);
    if (messages.length) {
      shown.add(name);
      control?.setAttribute('aria-invalid', 'true');
    } else control?.removeAttribute('aria-invalid');
  }
  return Object.entries(errors)
    .filter(([name]) => !shown.has(name))
    .map(([name, messages]) => `${name}: ${messages.join('; ')}`);
}

export function setProject(box: HTMLElement, project: number | undefined): void {
  const input = box.querySelector<HTMLInputElement>('#param-project');
  if (input) input.value = project === undefined ? '' : String(project);
}
