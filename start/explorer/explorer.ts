/**
 * The explorer page: forms generated from the endpoint table, requests sent
 * through the same-origin proxy (base URL ''), answers shown as JSON text.
 * Everything from the API is written with textContent, never as HTML.
 */

import {
  ENDPOINT_NAMES,
  ENDPOINTS,
  type EndpointName,
  needsProject,
} from '../../shared/api/endpoints.js';
import { describeRule, type ParamRule } from '../../shared/api/param-rules.js';
import { validateParams } from '../../shared/api/validate.js';
import { createClient } from '../../shared/client/async-client.js';
import { isAivisError } from '../../shared/http/errors.js';
import { apiUrl } from '../../shared/http/request.js';

const client = createClient({ baseUrl: '' });
const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const endpointSelect = byId<HTMLSelectElement>('endpoint');
const paramsBox = byId<HTMLFieldSetElement>('params');
let selectedProject: number | undefined;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
}

function inputFor(name: string, rule: ParamRule): HTMLElement {
  if (rule.kind === 'enum') {
    const select = element('select');
    select.append(element('option', ''));
    for (const value of rule.values)
      select.append(Object.assign(element('option', value), { value }));
    return select;
  }
  if (rule.kind === 'bool') {
    const select = element('select');
    for (const value of ['', 'true', 'false'])
      select.append(Object.assign(element('option', value), { value }));
    return select;
  }
  if (rule.kind === 'list') {
    const select = element('select');
    select.multiple = true;
    select.size = Math.min(rule.values.length, 5);
    for (const value of rule.values)
      select.append(Object.assign(element('option', value), { value }));
    return select;
  }
  const input = element('input');
  input.type =
    rule.kind === 'int' || rule.kind === 'number'
      ? 'number'
      : rule.kind === 'date'
        ? 'date'
        : 'text';
  if (rule.kind === 'int' || rule.kind === 'number') {
    input.min = String(rule.min);
    input.max = String(rule.max);
  }
  input.name = name;
  return input;
}

function renderParams(name: EndpointName): void {
  paramsBox.replaceChildren(element('legend', 'Parameters'));
  byId('endpoint-summary').textContent =
    `GET /api/v1${ENDPOINTS[name].path} · MCP tool ${ENDPOINTS[name].tool} · ${ENDPOINTS[name].summary}`;
  if (needsProject(name)) {
    const label = element('label', 'project');
    const input = Object.assign(element('input'), {
      type: 'number',
      name: 'project',
      value: String(selectedProject ?? ''),
    });
    label.append(input, element('small', 'Numeric project id (pick one on the left)'));
    paramsBox.append(label);
  }
  for (const [param, rule] of Object.entries(ENDPOINTS[name].params as Record<string, ParamRule>)) {
    const label = element('label', param);
    const control = inputFor(param, rule);
    control.setAttribute('name', param);
    const error = element('small');
    error.className = 'error';
    error.dataset.errorFor = param;
    label.append(control, element('small', describeRule(rule)), error);
    paramsBox.append(label);
  }
}

function readForm(): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const control of paramsBox.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
    'input, select',
  )) {
    if (control instanceof HTMLSelectElement && control.multiple) {
      const chosen = [...control.selectedOptions].map((option) => option.value);
      if (chosen.length) values[control.name] = chosen;
    } else if (control.value !== '') values[control.name] = control.value;
  }
  return values;
}

function showErrors(errors: Record<string, string[]>): void {
  for (const slot of paramsBox.querySelectorAll<HTMLElement>('[data-error-for]')) {
    slot.textContent = errors[slot.dataset.errorFor ?? '']?.join('; ') ?? '';
  }
}

async function send(event: Event): Promise<void> {
  event.preventDefault();
  const name = endpointSelect.value as EndpointName;
  const input = readForm();
  const status = byId('status');
  const json = byId('json');
  const validated = validateParams(name, input);
  showErrors(validated.ok ? {} : validated.errors);
  if (!validated.ok) {
    status.textContent = 'Fix the parameters marked above; nothing was sent.';
    json.textContent = JSON.stringify({ errors: validated.errors }, null, 2);
    return;
  }
  byId('request-url').textContent = `GET ${apiUrl(location.origin, name, validated.params)}`;
  status.textContent = 'Loading…';
  const started = performance.now();
  try {
    const body = await client.get(name, validated.params as never);
    status.textContent = `200 OK in ${Math.round(performance.now() - started)} ms`;
    json.textContent = JSON.stringify(body, null, 2);
  } catch (error) {
    status.textContent = isAivisError(error)
      ? `${error.status || ''} ${error.code}: ${error.message}`
      : String(error);
    json.textContent = isAivisError(error) ? JSON.stringify(error.toJSON(), null, 2) : '';
  }
}

async function listProjects(): Promise<void> {
  const list = byId<HTMLUListElement>('projects');
  try {
    const { projects } = await client.get('projects', {});
    list.replaceChildren(
      ...projects.map((project) => {
        const item = element('li');
        const button = element(
          'button',
          `${project.id} · ${project.brand_name} (${project.status}, ${project.country})`,
        );
        button.type = 'button';
        button.setAttribute('aria-pressed', 'false');
        button.addEventListener('click', () => {
          selectedProject = project.id;
          for (const other of list.querySelectorAll('button'))
            other.setAttribute('aria-pressed', String(other === button));
          const field = paramsBox.querySelector<HTMLInputElement>('input[name="project"]');
          if (field) field.value = String(project.id);
        });
        item.append(button);
        return item;
      }),
    );
  } catch (error) {
    list.replaceChildren(element('li', isAivisError(error) ? error.message : String(error)));
  }
  list.removeAttribute('aria-busy');
}

for (const name of ENDPOINT_NAMES)
  endpointSelect.append(Object.assign(element('option', name), { value: name }));
endpointSelect.addEventListener('change', () => renderParams(endpointSelect.value as EndpointName));
byId<HTMLFormElement>('request-form').addEventListener('submit', (event) => void send(event));
renderParams(ENDPOINT_NAMES[0]!);
void listProjects();
