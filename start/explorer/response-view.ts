/**
 * The response panel: status as colour and words, the response headers (the
 * proxy's cache state and the rate limit first), and the answer as JSON or as
 * the core's table with a CSV download. Everything from the API is written as
 * text (textContent, a Blob), never as HTML.
 */
import type { EndpointName, Query } from '../../shared/api/endpoints.js';
import { toCsv } from '../../shared/table/csv.js';
import { toTable } from '../../shared/table/normalize.js';
import { element } from './param-form.js';

/** Longer cell texts (an answer's text, a long quote) open on demand, so one row stays a row. */
const CLAMP_CHARS = 80;

function tableCell(text: string): HTMLTableCellElement {
  const chars = Array.from(text);
  if (chars.length <= CLAMP_CHARS) return element('td', text);
  const more = element('details');
  more.className = 'clamped';
  more.append(
    element('summary', `${chars.slice(0, CLAMP_CHARS).join('')}…`),
    element('span', text),
  );
  const cell = element('td');
  cell.append(more);
  return cell;
}

/** Words for the statuses this API and its proxy answer with (data-api 7). */
const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  504: 'Gateway Timeout',
};

/** Headers a reader of this API looks for first. */
const FIRST_HEADERS = [
  'x-aivis-cache',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'retry-after',
];

export type StatusState =
  | 'idle'
  | 'loading'
  | 'success'
  | 'client-error'
  | 'server-error'
  | 'invalid';

export function stateOf(status: number): StatusState {
  if (status >= 200 && status < 300) return 'success';
  if (status >= 400 && status < 500) return 'client-error';
  return 'server-error';
}

/** "404 Not Found": the number and its words, so colour is never the only signal. */
export function statusLine(status: number): string {
  return `${status} ${STATUS_TEXT[status] ?? 'HTTP status'}`;
}

export interface Answer {
  name: EndpointName;
  params: Query;
  body: unknown;
}

export class ResponseView {
  private answer: Answer | undefined;
  private csv: { text: string; file: string } | undefined;

  constructor(
    private readonly parts: {
      panel: HTMLElement;
      url: HTMLElement;
      status: HTMLElement;
      detail: HTMLElement;
      headers: HTMLElement;
      keyHeaders: HTMLElement;
      json: HTMLElement;
      table: HTMLElement;
      csv: HTMLButtonElement;
      viewJson: HTMLInputElement;
    },
  ) {
    parts.viewJson.form?.addEventListener('change', () => this.showView());
    parts.csv.addEventListener('click', () => this.download());
  }

  private setStatus(state: StatusState, text: string, detail = ''): void {
    this.parts.status.dataset.state = state;
    this.parts.status.textContent = text;
    this.parts.detail.textContent = detail;
  }

  /** Nothing was sent: no URL, no headers, the messages instead of an answer. */
  invalid(messages: string[]): void {
    this.clear();
    this.setStatus('invalid', 'Not sent', 'Fix the parameters marked in the form.');
    this.parts.json.textContent = messages.join('\n');
    this.showView();
  }

  loading(url: string): void {
    this.clear();
    this.parts.url.textContent = `GET ${url}`;
    this.setStatus('loading', 'Loading…');
  }

  /** The answer came: its status, headers, time and body. */
  answered(status: number, headers: Headers | undefined, ms: number, answer: Answer): void {
    this.setStatus(stateOf(status), statusLine(status), `in ${ms} ms`);
    this.showHeaders(headers);
    this.answer = answer;
    this.parts.json.textContent = JSON.stringify(answer.body, null, 2);
    this.renderTable(answer);
    this.showView();
  }

  /** An error answer (or none at all, status 0): status, the error as JSON, no table. */
  failed(status: number, headers: Headers | undefined, message: string, body: unknown): void {
    if (status > 0) this.setStatus(stateOf(status), statusLine(status), message);
    else this.setStatus('server-error', 'No answer', message);
    this.showHeaders(headers);
    this.parts.json.textContent = JSON.stringify(body, null, 2);
    this.showView();
  }

  /** Brings the panel into view; instantly when the reader asked for less motion. */
  reveal(): void {
    const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
    this.parts.panel.scrollIntoView({ behavior: still ? 'instant' : 'smooth', block: 'start' });
  }

  private clear(): void {
    this.answer = undefined;
    this.parts.url.textContent = '';
    this.parts.headers.replaceChildren();
    this.parts.keyHeaders.replaceChildren();
    this.parts.json.textContent = '';
    this.parts.table.replaceChildren();
    this.csv = undefined;
    this.parts.csv.hidden = true;
  }

  private showHeaders(headers: Headers | undefined): void {
    if (!headers) return;
    // The proxy's cache state and the rate limit, in view without opening the full list.
    this.parts.keyHeaders.replaceChildren(
      ...FIRST_HEADERS.filter((name) => headers.has(name)).map((name) => {
        const pair = element('div');
        pair.append(element('dt', name), element('dd', headers.get(name) ?? ''));
        return pair;
      }),
    );
    const names = [...headers.keys()].sort(
      (a, b) =>
        (FIRST_HEADERS.indexOf(a) + 1 || 99) - (FIRST_HEADERS.indexOf(b) + 1 || 99) ||
        a.localeCompare(b),
    );
    this.parts.headers.replaceChildren(
      ...names.map((name) => {
        const row = element('tr');
        const key = element('th', name);
        key.scope = 'row';
        if (FIRST_HEADERS.includes(name)) row.className = 'key-header';
        row.append(key, element('td', headers.get(name) ?? ''));
        return row;
      }),
    );
  }

  private renderTable(answer: Answer): void {
    const table = toTable(answer.name, answer.params, answer.body);
    const head = element('tr');
    head.append(
      ...table.columns.map((column, index) =>
        Object.assign(element('th', column), { scope: 'col', className: table.types[index] }),
      ),
    );
    const rows = table.rows.map((cells) => {
      const row = element('tr');
      row.append(
        ...cells.map((cell, index) =>
          Object.assign(tableCell(cell === null ? '' : String(cell)), {
            className: table.types[index] ?? '',
          }),
        ),
      );
      return row;
    });
    const grid = element('table');
    grid.append(Object.assign(element('thead'), {}), element('tbody'));
    grid.tHead?.append(head);
    grid.tBodies[0]?.append(...rows);
    const notes = element('ul');
    notes.className = 'notes';
    notes.append(...table.notes.map((note) => element('li', note)));
    const caption = element('p', `${table.rows.length} rows × ${table.columns.length} columns`);
    caption.className = 'table-size';
    this.parts.table.replaceChildren(caption, notes, grid);

    const project = answer.params.project;
    const file = `${answer.name}${project === undefined ? '' : `-${String(project)}`}.csv`;
    this.csv = { text: toCsv(table), file };
    this.parts.csv.hidden = false;
  }

  /** The table as the core's CSV (formula-safe), saved through a Blob, never a data: URL. */
  private download(): void {
    if (!this.csv) return;
    const url = URL.createObjectURL(new Blob([this.csv.text], { type: 'text/csv' }));
    const link = Object.assign(element('a'), { href: url, download: this.csv.file });
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  private showView(): void {
    const json = this.parts.viewJson.checked || this.answer === undefined;
    this.parts.json.hidden = !json;
    this.parts.table.hidden = json;
  }
}
