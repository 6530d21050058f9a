/** Insert dashboard: a connection and a project; the dashboard goes on a sheet of its own. */
import { busy, byId, clear, setText, showError } from './dom.js';
import { loadConnections, loadProjects } from './pickers.js';
import { call } from './server.js';

const connection = byId<HTMLSelectElement>('connection');
const project = byId<HTMLSelectElement>('project');

connection.addEventListener('change', () => {
  clear('error');
  void loadProjects(project, connection.value).catch((error: unknown) => showError('error', error));
});

byId('insert').addEventListener('click', (event) => {
  clear('error');
  void busy(event.currentTarget as HTMLButtonElement, () =>
    call('aivisInsertDashboard', { project: project.value, connection: connection.value }),
  )
    .then((result) =>
      setText(
        'result',
        `Drew "${result.sheetName}": ${result.charts} charts. Refresh now and the schedule keep it current.`,
      ),
    )
    .catch((error: unknown) => showError('error', error));
});

loadConnections(connection)
  .then(() => loadProjects(project, connection.value))
  .catch((error: unknown) => showError('error', error));
