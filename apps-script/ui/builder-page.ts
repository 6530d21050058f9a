/**
 * Build a query: connection, project, report, then one control per parameter
 * the endpoint table allows (builder-fields.ts, from the shared form model),
 * validated as the user types by the core's own rules (builder-query.ts,
 * bundled here), so the messages are the functions'.
 * Preview, Insert formula, Import as values, and the saved imports.
 */
import {
  type BuilderQuery,
  builderReports,
  checkQuery,
  formulaFor,
  type ReportChoice,
} from '../src/builder-query.js';
import type { SavedItem } from '../src/server-builder.js';
import { controlElement, controlValue, option } from './builder-fields.js';
import { busy, byId, clear, setText, showError } from './dom.js';
import { loadConnections, loadProjects } from './pickers.js';
import { renderPreview } from './preview-table.js';
import { call } from './server.js';

const reports = builderReports();
const connection = byId<HTMLSelectElement>('connection');
const project = byId<HTMLSelectElement>('project');
const report = byId<HTMLSelectElement>('report');
const fields = byId('fields');
const sheetName = byId<HTMLInputElement>('sheet-name');
let editing: string | undefined;

const chosen = (): ReportChoice | undefined => reports.find((each) => each.id === report.value);

function renderFields(): void {
  const choice = chosen();
  project.disabled = !choice?.needsProject;
  fields.replaceChildren(...(choice?.controls ?? []).map(controlElement));
}

function currentQuery(): BuilderQuery {
  const params: Record<string, string | boolean> = {};
  let maxRows: string | undefined;
  for (const input of fields.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-key]')) {
    const value = controlValue(input);
    if (input.dataset.key === 'max_rows') maxRows = value === '' ? undefined : String(value);
    else params[input.dataset.key!] = value;
  }
  return {
    report: report.value,
    project: project.disabled ? null : project.value,
    params,
    ...(maxRows ? { maxRows } : {}),
    ...(connection.value ? { connection: connection.value } : {}),
    ...(sheetName.value.trim() ? { sheetName: sheetName.value.trim() } : {}),
    ...(editing ? { importId: editing } : {}),
  };
}

/** Shows each field's complaint beside it; returns whether the query may be sent. */
function validate(): boolean {
  const query = currentQuery();
  const errors = checkQuery(query);
  for (const input of fields.querySelectorAll<HTMLElement>('[data-key]')) {
    const messages = errors[input.dataset.key!];
    input.setAttribute('aria-invalid', messages ? 'true' : 'false');
    setText(
      `param-${input.dataset.key}-error`,
      messages ? `${input.dataset.key} ${messages.join('; ')}` : '',
    );
  }
  setText('project-error', errors.project ? `project ${errors.project.join('; ')}` : '');
  project.setAttribute('aria-invalid', errors.project ? 'true' : 'false');
  const valid = Object.keys(errors).length === 0;
  setText('formula', valid ? formulaFor(query) : '');
  return valid;
}

async function act<T>(button: HTMLButtonElement, work: () => Promise<T>, done: (value: T) => void) {
  clear('error');
  if (!validate()) {
    showError('error', new Error('Check the fields marked above.'));
    return;
  }
  try {
    done(await busy(button, work));
  } catch (error) {
    showError('error', error);
  }
}

function fill(query: BuilderQuery): void {
  editing = query.importId;
  if (query.connection) connection.value = query.connection;
  report.value = query.report;
  renderFields();
  if (query.project !== null && query.project !== undefined) project.value = String(query.project);
  for (const input of fields.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-key]')) {
    const key = input.dataset.key!;
    const value = key === 'max_rows' ? query.maxRows : query.params[key];
    if (value === undefined) continue;
    if (input instanceof HTMLInputElement && input.type === 'checkbox')
      input.checked = value === true;
    else if (input instanceof HTMLSelectElement && input.multiple) {
      const chosenValues = String(value).split(',');
      for (const each of input.options) each.selected = chosenValues.includes(each.value);
    } else input.value = String(value);
  }
  sheetName.value = query.sheetName ?? '';
  setText(
    'editing',
    editing
      ? `Editing the import into "${query.sheetName}". Import as values saves the change.`
      : '',
  );
  validate();
}

function renderSaved(items: SavedItem[]): void {
  byId('saved').replaceChildren(
    ...items.map((item) => {
      const entry = document.createElement('li');
      const text = document.createElement('span');
      text.textContent = `${item.sheetName}: ${item.description} [${item.connection}] `;
      const button = (label: string, work: () => Promise<unknown>) => {
        const element = document.createElement('button');
        element.textContent = label;
        element.setAttribute('aria-label', `${label}: ${item.sheetName}`);
        element.addEventListener('click', () => {
          clear('error');
          void busy(element, work).catch((error: unknown) => showError('error', error));
        });
        return element;
      };
      entry.append(text);
      if (item.kind === 'import') {
        entry.append(
          button('Run now', () =>
            call('aivisRunImport', item.id).then((result) =>
              setText('result', `Ran "${result.sheetName}": ${result.rows} rows.`),
            ),
          ),
          ' ',
          button('Edit', () => call('aivisEditImport', item.id).then(fill)),
          ' ',
        );
      }
      entry.append(button('Delete', () => call('aivisDeleteSaved', item.id).then(renderSaved)));
      return entry;
    }),
  );
}

report.replaceChildren(...reports.map((each) => option(each.id, each.label)));
renderFields();
report.addEventListener('change', () => {
  renderFields();
  validate();
});
for (const source of [fields, project, connection]) {
  source.addEventListener('input', validate);
  source.addEventListener('change', validate);
}
connection.addEventListener('change', () => {
  void loadProjects(project, connection.value)
    .then(validate)
    .catch((error: unknown) => showError('error', error));
});

byId('preview-button').addEventListener('click', (event) => {
  void act(
    event.currentTarget as HTMLButtonElement,
    () => call('aivisPreview', currentQuery()),
    (preview) => renderPreview(byId('preview'), preview),
  );
});
byId('insert-formula').addEventListener('click', (event) => {
  void act(
    event.currentTarget as HTMLButtonElement,
    () => call('aivisInsertFormula', currentQuery()),
    (inserted) => setText('result', `Inserted ${inserted.formula} into ${inserted.cell}.`),
  );
});
byId('import').addEventListener('click', (event) => {
  void act(
    event.currentTarget as HTMLButtonElement,
    () => call('aivisImportQuery', currentQuery()),
    (result) => {
      editing = undefined;
      setText('editing', '');
      setText(
        'result',
        `Wrote ${result.rows} rows to "${result.sheetName}"; the schedule refreshes it.`,
      );
      void call('aivisSavedItems').then(renderSaved);
    },
  );
});

loadConnections(connection)
  .then(() => Promise.all([loadProjects(project, connection.value), call('aivisSavedItems')]))
  .then(([, items]) => {
    renderSaved(items);
    validate();
  })
  .catch((error: unknown) => showError('error', error));
