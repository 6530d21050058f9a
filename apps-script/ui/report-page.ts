/** Insert report: endpoint, project, options and sheet name; writes the table as values. */
import type { ReportChoice } from '../src/server-api.js';
import { busy, byId, clear, setText, showError } from './dom.js';
import { call } from './server.js';

const endpoint = byId<HTMLSelectElement>('endpoint');
const project = byId<HTMLSelectElement>('project');
const options = byId<HTMLTextAreaElement>('options');
const sheetName = byId<HTMLInputElement>('sheet-name');
let choices: ReportChoice[] = [];

function showHelp(): void {
  const choice = choices.find((each) => each.endpoint === endpoint.value);
  project.disabled = !choice?.needsProject;
  setText('summary', choice ? `${choice.functionName}: ${choice.summary}` : '');
  byId('option-help').replaceChildren(
    ...(choice?.options ?? []).map((option) => {
      const item = document.createElement('li');
      item.textContent = `${option.key}: ${option.help}`;
      return item;
    }),
  );
}

function option(value: string, label: string): HTMLOptionElement {
  const element = document.createElement('option');
  element.value = value;
  element.textContent = label;
  return element;
}

endpoint.addEventListener('change', showHelp);

byId('insert').addEventListener('click', (event) => {
  clear('error');
  void busy(event.currentTarget as HTMLButtonElement, () =>
    call('aivisInsertReport', {
      endpoint: endpoint.value,
      project: project.disabled ? null : project.value,
      options: options.value,
      sheetName: sheetName.value,
    }),
  )
    .then((result) =>
      setText(
        'result',
        `Wrote ${result.rows} rows to "${result.sheetName}"${result.capped ? ' (capped: raise max_rows for more)' : ''}. ${result.notes.join(' · ')}`,
      ),
    )
    .catch((error: unknown) => showError('error', error));
});

Promise.all([call('aivisReportChoices'), call('aivisTestConnection')])
  .then(([reportChoices, projects]) => {
    choices = reportChoices;
    endpoint.replaceChildren(...choices.map((each) => option(each.endpoint, each.functionName)));
    project.replaceChildren(
      ...projects.map((each) => option(String(each.id), `${each.id}: ${each.brand_name}`)),
    );
    showHelp();
  })
  .catch((error: unknown) => showError('error', error));
