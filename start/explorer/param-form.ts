/**
 * The request form of one endpoint, rendered from the shared form model
 * (shared/forms/form-model.ts, which the Sheets builder renders too): one
 * control per parameter with the rule's description, and a slot beside each
 * for the core's (or the server's) validation message.
 */
import { type EndpointName, needsProject, projectParam } from '../../shared/api/endpoints.js';
import { controlOf, endpointControls, type FormControl } from '../../shared/forms/form-model.js';

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

/** The input a control of the shared form model asks for (shared/forms/form-model.ts). */
function inputOf(control: FormControl): HTMLInputElement | HTMLSelectElement {
  if (control.kind === 'select' || control.kind === 'multiselect') {
    const select = element('select');
    if (control.kind === 'multiselect') {
      select.multiple = true;
      select.size = Math.min(control.values?.length ?? 1, 5);
    }
    if (control.emptyChoice !== undefined) select.append(option('', control.emptyChoice));
    for (const value of control.values ?? []) select.append(option(value));
    return select;
  }
  const input = element('input');
  input.type = control.kind;
  if (control.min !== undefined) input.min = String(control.min);
  if (control.max !== undefined) input.max = String(control.max);
  if (control.step !== undefined) input.step = String(control.step);
  return input;
}

/** One labelled field: control, hint and the error slot the control points at. */
function field(control: FormControl): HTMLElement {
  const name = control.key;
  const box = element('div');
  box.className = 'field';
  const label = element('label', control.label);
  const input = inputOf(control);
  input.id = `param-${name}`;
  input.name = name;
  label.htmlFor = input.id;
  const help = Object.assign(element('small', control.help), {
    id: `hint-${name}`,
    className: 'hint',
  });
  const error = Object.assign(element('small'), { id: `error-${name}`, className: 'error' });
  error.dataset.errorFor = name;
  input.setAttribute('aria-describedby', `${error.id} ${help.id}`);
  box.append(label, input, error, help);
  return box;
}

/** Replaces the box's fields with the endpoint's; `project` pre-fills the project id. */
export function renderParams(box: HTMLElement, name: EndpointName, project?: number): void {
  const controls = endpointControls(name);
  if (needsProject(name)) {
    controls.unshift({
      ...controlOf('project', projectParam),
      help: 'Numeric project id (pick a project above)',
    });
  }
  box.replaceChildren(...controls.map(field));
  // An endpoint without parameters (projects) shows no empty Parameters box.
  const group = box.closest('fieldset');
  if (group) group.hidden = controls.length === 0;
  setProject(box, project);
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
    } else if (control instanceof HTMLInputElement && control.type === 'checkbox') {
      // Unchecked is the rule's default (false): nothing to send (form-model.ts).
      if (control.checked) values[control.name] = true;
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
