/**
 * Alerts and digests: per project and connection, the rules, the channels
 * and the digest rhythm. Saved webhooks come back as their service and host
 * only; a kept one is sent back by reference (saved:<id>), never its URL.
 */
import type { AlertEntry, AlertSettingsView } from '../src/alert-settings.js';
import { busy, byId, clear, setText, showError } from './dom.js';
import { loadConnections, loadProjects } from './pickers.js';
import { call } from './server.js';

const connection = byId<HTMLSelectElement>('connection');
const project = byId<HTMLSelectElement>('project');
const webhooks = byId<HTMLTextAreaElement>('webhooks');
const saved = byId('saved-webhooks');
const digest = byId<HTMLSelectElement>('digest');
const box = (id: string) => byId<HTMLInputElement>(id);
/** The rule inputs, as the page generator wrote them from the rule table (apps-script/src/alert-rules.ts). */
const ruleInputs = () => [...document.querySelectorAll<HTMLInputElement>('input[data-rule]')];
type RuleValues = Record<string, number | boolean | undefined>;
let view: AlertSettingsView = { entries: [], others: [], webhooks: [], allowedWebhookHosts: [] };

const sameEntry = (each: AlertEntry) =>
  each.project === Number(project.value) && (each.connection ?? '') === connection.value;

function button(text: string, label: string, run: () => void): HTMLButtonElement {
  const element = document.createElement('button');
  element.textContent = text;
  element.setAttribute('aria-label', label);
  element.addEventListener('click', run);
  return element;
}

/** The saved webhooks of the chosen entry, each with a Keep box. */
function showSavedWebhooks(refs: readonly string[]): void {
  saved.replaceChildren(
    ...refs.map((ref, index) => {
      const item = document.createElement('li');
      const keep = document.createElement('input');
      keep.type = 'checkbox';
      keep.checked = true;
      keep.value = ref;
      keep.id = `keep-${index}`;
      const label = document.createElement('label');
      label.htmlFor = keep.id;
      label.className = 'inline';
      label.textContent = `Keep ${view.webhooks.find((each) => each.ref === ref)?.label ?? 'saved webhook'}`;
      item.append(keep, label);
      return item;
    }),
  );
}

function fill(entry: AlertEntry | undefined): void {
  const rules = (entry?.rules ?? {}) as RuleValues;
  for (const input of ruleInputs()) {
    const value = rules[input.dataset.rule ?? ''];
    const fallback = input.dataset.default ?? '';
    if (input.type === 'checkbox')
      input.checked = value === undefined ? fallback === 'true' : value === true;
    else input.value = String(value ?? fallback);
  }
  box('email').checked = entry?.email ?? true;
  digest.value = entry?.digest ?? 'off';
  webhooks.value = '';
  showSavedWebhooks(entry?.webhooks ?? []);
}

function describe(entry: AlertEntry): string {
  const channels = [
    ...(entry.email ? ['email'] : []),
    ...entry.webhooks.map(
      (ref) => view.webhooks.find((each) => each.ref === ref)?.label ?? 'webhook',
    ),
  ];
  const rules = Object.entries(entry.rules as RuleValues)
    .filter(([, value]) => value)
    .map(([key, value]) =>
      typeof value === 'number'
        ? `${key.replaceAll('_', ' ')} ±${value}`
        : key.replaceAll('_', ' '),
    );
  return `Project ${entry.project}${entry.connection ? ` [${entry.connection}]` : ''}: ${rules.join(', ') || 'no rules'} → ${channels.join(', ') || 'no channel'}; digest ${entry.digest}`;
}

function render(next: AlertSettingsView): void {
  view = next;
  const list = byId('entries');
  list.replaceChildren(
    ...view.entries.map((entry) => {
      const item = document.createElement('li');
      const name = `project ${entry.project}${entry.connection ? ` (${entry.connection})` : ''}`;
      item.append(
        describe(entry),
        ' ',
        button('Edit', `Edit: ${name}`, () => {
          if (entry.connection) connection.value = entry.connection;
          project.value = String(entry.project);
          fill(entry);
          ruleInputs()[0]?.focus();
        }),
        button('Remove', `Remove: ${name}`, () =>
          save(view.entries.filter((each) => each !== entry)),
        ),
        button('Send digest now', `Send digest now: ${name}`, () => {
          clear('error');
          call('aivisSendDigestNow', entry.project)
            .then((message) => setText('result', message))
            .catch((error: unknown) => showError('error', error));
        }),
      );
      return item;
    }),
  );
  // Others' entries: that they exist and whose, never their channels (docs/alerts.md, "Who owns an alert").
  byId('others').replaceChildren(
    ...view.others.map((other) => {
      const item = document.createElement('li');
      item.textContent = `Project ${other.project}${other.connection ? ` [${other.connection}]` : ''}: ${other.owner}`;
      return item;
    }),
  );
  byId('others-section').hidden = view.others.length === 0;
  setText(
    'allowed-hosts',
    // Hosts only: the full prefixes (docs/alerts.md, "Getting a webhook address") do not fit a sidebar line.
    `Webhooks of Google Chat, Slack or Microsoft Teams: ${[
      ...new Set(view.allowedWebhookHosts.map((prefix) => prefix.split('/')[2] ?? prefix)),
    ].join(', ')}`,
  );
}

function save(entries: AlertEntry[], trigger?: HTMLButtonElement): void {
  clear('error');
  const work = () => call('aivisSaveAlerts', entries);
  void (trigger ? busy(trigger, work) : work())
    .then((next) => {
      render(next);
      fill(next.entries.find(sameEntry));
      setText('result', `Saved ${next.entries.length} alert setting(s).`);
    })
    .catch((error: unknown) => showError('error', error));
}

function current(): AlertEntry {
  const kept = [...saved.querySelectorAll<HTMLInputElement>('input:checked')].map(
    (each) => each.value,
  );
  const added = webhooks.value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const rules: RuleValues = {};
  for (const input of ruleInputs()) {
    rules[input.dataset.rule ?? ''] =
      input.type === 'checkbox' ? input.checked : Number(input.value || '0');
  }
  return {
    project: Number(project.value),
    connection: connection.value,
    email: box('email').checked,
    webhooks: [...kept, ...added],
    rules: rules as AlertEntry['rules'],
    digest: digest.value as AlertEntry['digest'],
  };
}

byId('save').addEventListener('click', (event) => {
  const entry = current();
  save(
    [...view.entries.filter((each) => !sameEntry(each)), entry],
    event.currentTarget as HTMLButtonElement,
  );
  webhooks.value = '';
});

connection.addEventListener('change', () => {
  clear('error');
  void loadProjects(project, connection.value)
    .then(() => fill(view.entries.find(sameEntry)))
    .catch((error: unknown) => showError('error', error));
});
project.addEventListener('change', () => fill(view.entries.find(sameEntry)));

Promise.all([call('aivisAlertSettings'), loadConnections(connection)])
  .then(async ([settings]) => {
    render(settings);
    await loadProjects(project, connection.value);
    fill(view.entries.find(sameEntry));
  })
  .catch((error: unknown) => showError('error', error));
