/**
 * The explorer page: forms generated from the endpoint table, requests sent
 * through one of the demo's token-keeping proxies (the demo account or a
 * scenario account, by mount path; the page never holds a token), answers
 * shown with their status, headers, as JSON and as the core's table.
 */
import { ENDPOINT_NAMES, ENDPOINTS, type EndpointName } from '../../shared/api/endpoints.js';
import { validateParams } from '../../shared/api/validate.js';
import { createClient } from '../../shared/client/async-client.js';
import type { AivisClient } from '../../shared/client/types.js';
import { isAivisError } from '../../shared/http/errors.js';
import { apiUrl } from '../../shared/http/request.js';
import { initDriftPanel } from './drift-panel.js';
import { element, readParams, renderParams, setProject, showFieldErrors } from './param-form.js';
import { ResponseView } from './response-view.js';

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const accountSelect = byId<HTMLSelectElement>('account');
const endpointSelect = byId<HTMLSelectElement>('endpoint');
const paramsBox = byId<HTMLElement>('params');
const view = new ResponseView({
  panel: byId('response'),
  url: byId('request-url'),
  status: byId('status'),
  detail: byId('status-detail'),
  headers: byId('headers'),
  keyHeaders: byId('key-headers'),
  json: byId('json'),
  table: byId('table-view'),
  csv: byId<HTMLButtonElement>('csv'),
  viewJson: byId<HTMLInputElement>('view-json'),
});

/** The last response the client saw, so its status and headers can be shown (retries included). */
const last: { response?: Response } = {};
/** Read through a call, so the compiler does not narrow it across the await. */
const lastResponse = (): Response | undefined => last.response;
const recordingFetch = async (url: string, init: RequestInit) => {
  const response = await fetch(url, init);
  last.response = response;
  return response;
};

let basePath = '';
let client: AivisClient = clientFor(basePath);
let selectedProject: number | undefined;

/** One attempt per Send: the explorer shows what the API answered, a 429 included. */
function clientFor(path: string): AivisClient {
  return createClient({
    baseUrl: path,
    fetch: recordingFetch as never,
    retry: { maxAttempts: 1 },
  });
}

async function send(event: Event): Promise<void> {
  event.preventDefault();
  const name = endpointSelect.value as EndpointName;
  const validated = validateParams(name, readParams(paramsBox));
  const unplaced = showFieldErrors(paramsBox, validated.ok ? {} : validated.errors);
  if (!validated.ok) {
    view.invalid(unplaced.length ? unplaced : ['Nothing was sent.']);
    paramsBox.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    return;
  }
  view.loading(apiUrl(`${location.origin}${basePath}`, name, validated.params));
  view.reveal();
  last.response = undefined;
  const started = performance.now();
  try {
    const body = await client.get(name, validated.params as never);
    const ms = Math.round(performance.now() - started);
    view.answered(lastResponse()?.status ?? 200, lastResponse()?.headers, ms, {
      name,
      params: validated.params,
      body,
    });
  } catch (error) {
    if (!isAivisError(error)) {
      view.failed(0, undefined, String(error), {});
      return;
    }
    // The server's 422 names parameters too: put its messages beside the fields.
    if (error.errors) showFieldErrors(paramsBox, error.errors);
    view.failed(error.status, lastResponse()?.headers, `${error.code}: ${error.message}`, {
      error: error.toJSON(),
    });
  }
}

/** The account's projects as buttons; after an account switch, its first project is chosen. */
async function listProjects(chooseFirst = false): Promise<void> {
  const list = byId<HTMLUListElement>('projects');
  list.setAttribute('aria-busy', 'true');
  list.replaceChildren(element('li', 'Loading…'));
  try {
    const { projects } = await client.get('projects', {});
    list.replaceChildren(
      ...projects.map((project) => {
        const button = element('button', `${project.id} · ${project.brand_name}`);
        button.append(element('small', ` ${project.status}, ${project.country}`));
        button.type = 'button';
        button.setAttribute('aria-pressed', String(project.id === selectedProject));
        button.addEventListener('click', () => {
          selectedProject = project.id;
          for (const other of list.querySelectorAll('button'))
            other.setAttribute('aria-pressed', String(other === button));
          setProject(paramsBox, project.id);
        });
        const item = element('li');
        item.append(button);
        return item;
      }),
    );
    if (!projects.length) list.replaceChildren(element('li', 'This account has no projects.'));
    else if (chooseFirst) list.querySelector('button')?.click();
  } catch (error) {
    const item = element('li', isAivisError(error) ? error.message : String(error));
    item.className = 'error';
    list.replaceChildren(item);
  }
  list.removeAttribute('aria-busy');
}

function showEndpoint(name: EndpointName): void {
  const definition = ENDPOINTS[name];
  byId('endpoint-path').textContent = `GET /api/v1${definition.path}`;
  byId('endpoint-summary').textContent = `${definition.summary} · MCP tool ${definition.tool}`;
  renderParams(paramsBox, name, selectedProject);
}

/** Lists the accounts and opens on the one the demo marks (the showcase account). */
async function loadAccounts(): Promise<void> {
  const response = await fetch('/demo/accounts.json').catch(() => undefined);
  const accounts = response?.ok
    ? ((await response.json()) as Array<{ basePath: string; label: string; opensOn?: boolean }>)
    : [{ basePath: '', label: 'Demo account' }];
  accountSelect.replaceChildren(
    ...accounts.map(({ basePath: path, label }) =>
      Object.assign(element('option', label), { value: path }),
    ),
  );
  const first = accounts.find((account) => 'opensOn' in account && account.opensOn);
  if (first) accountSelect.value = first.basePath;
  useAccount();
}

function useAccount(): void {
  basePath = accountSelect.value;
  client = clientFor(basePath);
  // The old account's project id would answer 404 here: clear it until this account's are listed.
  selectedProject = undefined;
  setProject(paramsBox, undefined);
  byId('account-name').textContent = accountSelect.selectedOptions[0]?.textContent ?? 'the account';
}

accountSelect.addEventListener('change', () => {
  useAccount();
  void listProjects(true);
});
for (const name of ENDPOINT_NAMES)
  endpointSelect.append(Object.assign(element('option', name), { value: name }));
endpointSelect.addEventListener('change', () => showEndpoint(endpointSelect.value as EndpointName));
byId<HTMLFormElement>('request-form').addEventListener('submit', (event) => void send(event));
showEndpoint(ENDPOINT_NAMES[0]!);
initDriftPanel(byId<HTMLButtonElement>('check-service'), byId('drift-report'), () => basePath);
// The first project of the account it opens on is chosen, so a first Send answers.
void loadAccounts().then(() => listProjects(true));
