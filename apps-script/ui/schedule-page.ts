/** Schedule refresh: how often, and which projects' key figures go to the history sheet. */
import { busy, byId, clear, setText, showError } from './dom.js';
import { call } from './server.js';

const frequency = byId<HTMLSelectElement>('frequency');
const history = byId('history-projects');

byId('save').addEventListener('click', (event) => {
  clear('error');
  const historyProjects = [...history.querySelectorAll<HTMLInputElement>('input:checked')].map(
    (box) => Number(box.value),
  );
  void busy(event.currentTarget as HTMLButtonElement, () =>
    call('aivisSetSchedule', { frequency: frequency.value, historyProjects }),
  )
    .then((state) =>
      setText('result', `Saved. Schedule: ${state.schedule.frequency}. ${state.status}`),
    )
    .catch((error: unknown) => showError('error', error));
});

Promise.all([call('aivisSidebarState'), call('aivisTestConnection')])
  .then(([state, projects]) => {
    frequency.value = state.schedule.frequency;
    setText('status', state.status);
    history.replaceChildren(
      ...projects.map((project) => {
        const label = document.createElement('label');
        const box = document.createElement('input');
        box.type = 'checkbox';
        box.value = String(project.id);
        box.checked = state.schedule.historyProjects.includes(project.id);
        label.append(box, ` ${project.id}: ${project.brand_name}`);
        return label;
      }),
    );
  })
  .catch((error: unknown) => showError('error', error));
