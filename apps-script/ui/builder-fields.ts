/**
 * The query builder's fields, rendered from the shared form model
 * (shared/forms/form-model.ts) as the explorer's are: one labelled control per
 * parameter, its message box tied to it for screen readers.
 */
import type { FormControl } from '../../shared/forms/form-model.js';

export type FieldInput = HTMLInputElement | HTMLSelectElement;

export function option(value: string, label: string): HTMLOptionElement {
  const element = document.createElement('option');
  element.value = value;
  element.textContent = label;
  return element;
}

function inputOf(control: FormControl): FieldInput {
  if (control.kind === 'select' || control.kind === 'multiselect') {
    const select = document.createElement('select');
    select.multiple = control.kind === 'multiselect';
    if (control.emptyChoice !== undefined) select.append(option('', control.emptyChoice));
    select.append(...(control.values ?? []).map((value) => option(value, value)));
    return select;
  }
  const field = document.createElement('input');
  field.type = control.kind;
  if (control.min !== undefined) field.min = String(control.min);
  if (control.max !== undefined) field.max = String(control.max);
  if (control.step !== undefined) field.step = String(control.step);
  if (control.kind !== 'checkbox' && control.defaultValue !== undefined) {
    field.placeholder = `default ${String(control.defaultValue)}`;
  }
  return field;
}

/** The field of one control: label, input, message box and help, in that order. */
export function controlElement(control: FormControl): HTMLElement {
  const wrapper = document.createElement('div');
  wrapper.className = control.kind === 'checkbox' ? 'field inline' : 'field';
  const id = `param-${control.key}`;
  const label = document.createElement('label');
  label.htmlFor = id;
  label.textContent = control.label;
  const input = inputOf(control);
  input.id = id;
  input.dataset.key = control.key;
  const help = document.createElement('div');
  help.className = 'note';
  help.id = `${id}-help`;
  help.textContent = control.help;
  const message = document.createElement('div');
  message.className = 'error';
  message.id = `${id}-error`;
  input.setAttribute('aria-describedby', `${message.id} ${help.id}`);
  wrapper.append(label, input, message, help);
  return wrapper;
}

/** A field's value as the builder query carries it: a checkbox's state, a multiselect's choices joined. */
export function controlValue(input: FieldInput): string | boolean {
  if (input instanceof HTMLInputElement && input.type === 'checkbox') return input.checked;
  if (input instanceof HTMLSelectElement && input.multiple) {
    return [...input.selectedOptions].map((each) => each.value).join(',');
  }
  return input.value.trim();
}
