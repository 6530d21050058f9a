import { Task, TaskStatus } from '@lit/task';
import { html, LitElement, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import type { FetchReader } from '../../shared/client/fetch-client.js';
import { signedPoints } from '../../shared/noise.js';
import {
  type PortfolioRow,
  type PortfolioSort,
  portfolioRow,
  sortRows,
} from '../../shared/portfolio.js';
import { baseStyles } from '../internal/base.styles.js';
import { ConnectionController } from '../internal/connection-controller.js';
import { formatters, resolveLocale, safeHttpUrl } from '../internal/format.js';
import { portfolioStyles } from './portfolio.styles.js';

/** A portfolio lists at most this many projects: one summary request each per TTL. */
export const MAX_PORTFOLIO_PROJECTS = 200;
/** Summaries asked for at once. */
const PARALLEL = 6;

interface Portfolio {
  rows: PortfolioRow[];
  failedAccounts: string[];
  failedProjects: number;
}

/**
 * @summary Every project of every account a proxy serves, one row each:
 * brand, account, AI-visibility score and its change (judged against
 * sampling noise), share of voice, rank among competitors, flagged answers,
 * the top action and when the project was last checked. Sortable,
 * filterable by account; each row links to the project's dashboard
 * (docs/agencies.md).
 *
 * @csspart base - The box around the tools and the table.
 * @csspart table - The table of projects.
 * @csspart row - Each project's row.
 * @csspart notice - The line naming accounts or projects that could not be read.
 *
 * @cssproperty --aivis-font-family - Font; inherits the page's by default.
 */
export class AivisPortfolio extends LitElement {
  static override styles = [baseStyles, portfolioStyles];

  static override properties: PropertyDeclarations = {
    baseUrl: { attribute: 'base-url', reflect: true },
    token: {},
    account: { reflect: true },
    sort: { reflect: true },
    rowHref: { attribute: 'row-href', reflect: true },
    period: { reflect: true },
    locale: { reflect: true },
    theme: { reflect: true },
  };

  /** Base address of the token-keeping proxy serving the accounts (or of the Data API). */
  declare baseUrl?: string;
  /** Personal access token; avoid it on shared pages: point base-url at the proxy. Never reflected. */
  declare token?: string;
  /** Show only this account's projects (its label in AIVIS_ACCOUNTS). */
  declare account?: string;
  /** Column to sort by (brand, account, score, change, share-of-voice, rank, flagged, checked); a leading - sorts descending. */
  declare sort?: string;
  /** Where each row links, {project} standing for its id; by default the proxy's /embed/aivis-dashboard?project={project}. */
  declare rowHref?: string;
  /** AI-visibility report period of every summary. */
  declare period?: string;
  /** BCP 47 locale for numbers and dates. */
  declare locale?: string;
  /** Colour scheme: auto, light or dark. */
  declare theme?: string;

  readonly #connection = new ConnectionController(this);

  readonly #task = new Task(this, {
    task: async ([connection, period], { signal }): Promise<Portfolio | undefined> => {
      if (!connection) return undefined;
      return readPortfolio(this.#connection.open(connection), period, signal);
    },
    args: () => [this.#connection.settled(), this.period, this.#connection.version] as const,
    argsEqual: ([a, p, v], [b, q, w]) =>
      a?.baseUrl === b?.baseUrl && a?.token === b?.token && p === q && v === w,
  });

  protected override render(): TemplateResult {
    // Busy until the rows are read, as every card says (widget/internal/aivis-element.ts).
    const busy =
      this.#task.status === TaskStatus.INITIAL || this.#task.status === TaskStatus.PENDING;
    return html`<div part="base" class="base card" aria-busy=${busy ? 'true' : 'false'}>
      ${this.#task.render({
        pending: () => html`<p class="muted" role="status">Loading the portfolio…</p>`,
        complete: (portfolio) =>
          portfolio ? this.#renderPortfolio(portfolio) : html`<p class="muted">No connection.</p>`,
        error: (error) =>
          html`<p part="notice" class="notice" role="alert">The projects could not be read: ${
            (error as Error)?.message ?? 'unknown error'
          }</p>`,
      })}
    </div>`;
  }

  #renderPortfolio(portfolio: Portfolio): TemplateResult {
    const format = formatters(resolveLocale(this, this.locale));
    const accounts = [
      ...new Set(portfolio.rows.flatMap((row) => (row.account ? [row.account] : []))),
    ];
    const rows = sortRows(
      portfolio.rows.filter((row) => !this.account || row.account === this.account),
      this.sort,
    );
    const header = (key: PortfolioSort, label: string, numeric = false, wide = false) => {
      const active = this.sort?.replace(/^-/, '') === key;
      const descending = this.sort?.startsWith('-');
      return html`<th
        class="${numeric ? 'number' : ''} ${wide ? 'wide' : ''}"
        aria-sort=${active ? (descending ? 'descending' : 'ascending') : 'none'}
      >
        <button type="button" @click=${() => {
          this.sort = active && !descending ? `-${key}` : key;
        }}>${label}</button>
      </th>`;
    };
    const notices = [
      ...(portfolio.failedAccounts.length
        ? [`Accounts not read: ${portfolio.failedAccounts.join(', ')}.`]
        : []),
      ...(portfolio.failedProjects
        ? [`${portfolio.failedProjects} project(s) could not be read.`]
        : []),
    ];
    return html`
      ${
        accounts.length > 1
          ? html`<div class="tools">
              <label>Account
                <select @change=${(event: Event) => {
                  this.account = (event.target as HTMLSelectElement).value || undefined;
                }}>
                  <option value="">All</option>
                  ${accounts.map(
                    (name) =>
                      html`<option value=${name} ?selected=${name === this.account}>${name}</option>`,
                  )}
                </select>
              </label>
            </div>`
          : nothing
      }
      ${notices.map((text) => html`<p part="notice" class="notice">${text}</p>`)}
      <div class="scroll">
        <table part="table">
          <thead>
            <tr>
              ${header('brand', 'Brand')}
              ${accounts.length ? header('account', 'Account') : nothing}
              ${header('score', 'Score', true)}
              ${header('change', 'Change', true)}
              ${header('share-of-voice', 'Share of voice', true)}
              ${header('rank', 'Rank', true)}
              ${header('flagged', 'Flagged', true)}
              <th class="wide">Top action</th>
              ${header('checked', 'Checked', false, true)}
            </tr>
          </thead>
          <tbody>
            ${rows.map(
              (row) => html`<tr part="row">
                <td><a href=${this.#hrefOf(row.project)}>${row.brand}</a></td>
                ${accounts.length ? html`<td>${row.account ?? ''}</td>` : nothing}
                <td class="number">${row.score === null ? '–' : format.score(row.score)}</td>
                <td class="number">${changeCell(row)}</td>
                <td class="number">${row.shareOfVoice === null ? '–' : format.percent(row.shareOfVoice)}</td>
                <td class="number">${row.rank === null ? '–' : `#${row.rank}`}</td>
                <td class="number">${row.flaggedAnswers ?? '–'}</td>
                <td class="action wide">${row.topAction ?? ''}</td>
                <td class="wide">${row.checkedAt ? format.date(row.checkedAt) : '–'}</td>
              </tr>`,
            )}
          </tbody>
        </table>
      </div>
    `;
  }

  #hrefOf(project: number): string {
    const base = this.#connection.client?.baseUrl ?? '';
    const template = this.rowHref ?? `${base}/embed/aivis-dashboard?project={project}`;
    return (
      safeHttpUrl(
        new URL(template.replaceAll('{project}', String(project)), document.baseURI).href,
      ) ?? '#'
    );
  }
}

function changeCell(row: PortfolioRow): TemplateResult | string {
  const change = row.scoreChange;
  if (!change) return '–';
  const title =
    change.noise === null
      ? 'noise unknown'
      : `noise ±${change.noise.toFixed(1)} points: ${change.beyondNoise ? 'beyond' : 'within'} sampling noise`;
  const kind = !change.beyondNoise ? 'noise' : change.change > 0 ? 'up' : 'down';
  return html`<span class=${kind} title=${title}>${signedPoints(change.change)}${change.beyondNoise ? '' : ' ~'}</span>`;
}

/** The list, then each project's summary (PARALLEL at a time): one request per project. */
async function readPortfolio(
  client: FetchReader,
  period: string | undefined,
  signal: AbortSignal,
): Promise<Portfolio> {
  const list = (await client.get('projects', {}, { signal })) as unknown as Record<string, unknown>;
  const items = (Array.isArray(list.projects) ? list.projects : [])
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .slice(0, MAX_PORTFOLIO_PROJECTS);
  const failedAccounts = (Array.isArray(list.failed_accounts) ? list.failed_accounts : [])
    .slice(0, 20)
    .map((failure) => String((failure as { account?: unknown })?.account ?? '?').slice(0, 40));
  const rows: PortfolioRow[] = new Array(items.length);
  let failedProjects = 0;
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      const item = items[index]!;
      let summary: Record<string, unknown> | undefined;
      try {
        summary = (await client.get(
          'summary',
          { project: item.id as number, ...(period ? { period } : {}) } as never,
          { signal },
        )) as unknown as Record<string, unknown>;
      } catch (error) {
        if (signal.aborted) throw error;
        failedProjects += 1;
      }
      rows[index] = portfolioRow(item, summary);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
  return { rows, failedAccounts, failedProjects };
}
