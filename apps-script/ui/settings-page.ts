/** The Settings sidebar: base URL, token (write-only), test connection, status and imports. */
import type { SidebarState } from '../src/server-api.js';
import { initConnections, renderConnections } from './connections-section.js';
import { busy, byId, clear, setText, showError } from './dom.js';
import { call } from './server.js';
import { tokenStateLine } from './token-state.js';

const baseUrl = byId<HTMLInputElement>('base-url');
const token = byId<HTMLInputElement>('token');

function render(state: SidebarState): void {
  baseUrl.value = state.settings.baseUrl;
  baseUrl.placeholder = state.settings.defaultBaseUrl;
  // The stored token never comes back to the page; only whether one is set.
  token.value = '';
  token.placeholder = state.settings.tokenSet
    ? 'A token is set (type to replace it)'
    : 'Paste your token';
  setText('token-state', tokenStateLine(state.settings.tokenSet));
  byId<HTMLButtonElement>('remove-token').disabled = !state.settings.tokenSet;
  renderConnections(state.connections);
  setText('status', state.status);
  setText('schedule', `Schedule: ${state.schedule.frequency}`);
  const list = byId('imports');
  list.replaceChildren(
    ...state.imports.map((each) => {
      const item = document.createElement('li');
      item.textContent = `${each.sheetName}: ${each.endpoint} (${each.params}) `;
      const remove = document.createElement('button');
      remove.textContent = 'Forget';
      remove.addEventListener('click', () => {
        void busy(remove, () => call('aivisRemoveImport', each.id).then(render));
      });
      item.append(remove);
      return item;
    }),
  );
}

async function act(button: HTMLButtonElement, work: () => Promise<SidebarState>): Promise<void> {
  clear('error');
  try {
    render(await busy(button, work));
  } catch (error) {
    showError('error', error);
  }
}

byId('save').addEventListener('click', (event) => {
  void act(event.currentTarget as HTMLButtonElement, () =>
    call('aivisSaveSettings', { baseUrl: baseUrl.value, token: token.value }),
  );
});

byId('remove-token').addEventListener('click', (event) => {
  void act(event.currentTarget as HTMLButtonElement, () => call('aivisRemoveToken'));
});

byId('test').addEventListener('click', (event) => {
  const button = event.currentTarget as HTMLButtonElement;
  clear('error');
  const list = byId('projects');
  list.replaceChildren();
  void busy(button, () => call('aivisTestConnection'))
    .then((projects) => {
      setText('connection', `Connected: ${projects.length} project(s).`);
      list.replaceChildren(
        ...projects.map((project) => {
          const item = document.createElement('li');
          item.textContent = `${project.id}: ${project.brand_name} (${project.status})`;
          return item;
        }),
      );
    })
    .catch((error: unknown) => showError('error', error));
});

byId('check-service').addEventListener('click', (event) => {
  const button = event.currentTarget as HTMLButtonElement;
  clear('error');
  const list = byId('drift-report');
  list.replaceChildren();
  void busy(button, () => call('aivisCheckService'))
    .then((view) => {
      list.dataset.exitCode = String(view.exitCode);
      list.replaceChildren(
        ...view.lines.map((line) => {
          const item = document.createElement('li');
          item.textContent = line;
          return item;
        }),
      );
    })
    .catch((error: unknown) => showError('error', error));
});

byId('refresh').addEventListener('click', (event) => {
  const button = event.currentTarget as HTMLButtonElement;
  clear('error');
  void busy(button, () => call('aivisRefreshNow'))
    .then((line) => setText('status', line))
    .catch((error: unknown) => showError('error', error));
});

byId('run-log').addEventListener('click', (event) => {
  event.preventDefault();
  void call('aivisOpenRunLog')
    .then((found) => {
      if (!found) setText('status', 'No run yet: the run log starts with the first refresh.');
    })
    .catch((error: unknown) => showError('error', error));
});

const loadState = () =>
  call('aivisSidebarState')
    .then(render)
    .catch((error: unknown) => showError('error', error));
// A change in the list (the first connection added or removed) can change the token line too.
initConnections(loadState);
void loadState();
