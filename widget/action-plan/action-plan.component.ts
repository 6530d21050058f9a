import { Task, TaskStatus } from '@lit/task';
import { html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { followLink } from '../../shared/client/fetch-client.js';
import type { Action, ActionPlan } from '../../shared/schemas/action-plan.js';
import { CATALOG } from '../catalog.js';
import { AivisElement } from '../internal/aivis-element.js';
import { baseStyles } from '../internal/base.styles.js';
import { explainedFailure } from '../internal/explanations-loader.js';
import { type Formatters, readableText, safeHttpUrl, sourceName } from '../internal/format.js';
import { pagerStyles } from '../internal/pager.styles.js';
import { tableStyles } from '../internal/table.styles.js';
import { dataTable, externalLink, pager, periodLine } from '../internal/templates.js';
import { actionPlanStyles } from './action-plan.styles.js';
import { pathAtOffset } from './rows-page.js';

/** data-api 2.4 / 4.8: each plan status in words. */
const STATUS_TEXT: Record<string, string> = {
  ready: 'Next steps from the stored data, most important first.',
  needs_data:
    'There is not enough data for a full plan yet: the notes below name the missing or stale sources.',
  no_priority_signals:
    'Nothing in the stored data calls for action right now. Check again after the next data collection.',
};

type RowsTask = Task<readonly [string], unknown>;

/** supporting-rows.ts, once an action's rows arrived (it loads with them). */
let rowsTables: typeof import('./supporting-rows.js') | undefined;

/**
 * @summary The project's prioritized action plan: each action with its
 * suggested owner, next step, dated evidence, success measure, a link to the
 * report, and its supporting rows on demand.
 *
 * @event aivis-load - The plan arrived; `detail.data` is the response body.
 * @event aivis-error - Loading failed; `detail.error` is the error as a plain object (never the token).
 *
 * @csspart base - The card around everything.
 * @csspart header - The heading row.
 * @slot heading - Replaces the card's heading (default: the widget's name and the brand).
 *
 * @csspart heading - The heading.
 * @csspart status - The sentence explaining the plan's status.
 * @csspart notes - The data notes (missing or stale sources).
 * @csspart list - The ordered list of actions.
 * @csspart action - One action.
 * @csspart details - An action's details, opened from its summary.
 * @csspart summary - An action's one-line owner and next step, which opens the details.
 * @csspart rows - An action's supporting rows.
 * @csspart label - An action's title.
 * @csspart link - The link to the report.
 * @csspart button - The button that shows or hides the supporting rows, and the rows' pager buttons.
 * @csspart pager - The supporting rows' paging controls.
 * @csspart table - The supporting rows.
 * @csspart meta - The period and generation time.
 * @csspart error - The error message box.
 * @csspart skeleton - The loading placeholder.
 *
 * @cssproperty --aivis-color-background - Card background.
 * @cssproperty --aivis-color-text - Text colour.
 * @cssproperty --aivis-color-muted - Secondary text colour.
 * @cssproperty --aivis-color-border - Card border and separators.
 * @cssproperty --aivis-color-accent - Links and focus rings.
 * @cssproperty --aivis-color-warning-background - Background of data notes.
 * @cssproperty --aivis-color-warning-text - Text of data notes.
 * @cssproperty --aivis-radius - Corner radius.
 * @cssproperty --aivis-spacing - Inner spacing.
 * @cssproperty --aivis-font-family - Font; inherits the page's by default, a system font stack when the page sets none.
 */
export class AivisActionPlan extends AivisElement<'action-plan'> {
  static override styles = [baseStyles, pagerStyles, tableStyles, actionPlanStyles];

  static override properties: PropertyDeclarations = {
    audience: { reflect: true },
    limit: { reflect: true },
    expanded: { attribute: false },
  };

  /** Whose priorities come first (business: traffic and business; marketing: brand answers and content; seo: search pages and queries). */
  declare audience?: string;

  /** Maximum number of actions. */
  declare limit?: string;

  /** Actions whose supporting rows are shown, by next_request. */
  private expanded = new Set<string>();

  /** The page of supporting rows shown, by next_request (the API's offset). */
  readonly #rowOffsets = new Map<string, number>();

  readonly #rowTasks = new Map<string, RowsTask>();

  protected readonly entry = CATALOG['aivis-action-plan'];
  protected readonly cardTitle = 'Action plan';

  protected override brandOf(plan: ActionPlan): string | undefined {
    return plan.snapshot.brand_name;
  }

  #rowsTask(key: string): RowsTask {
    let task = this.#rowTasks.get(key);
    if (!task) {
      task = new Task<readonly [string], unknown>(this, {
        autoRun: false,
        // The table's code comes with the first rows; a failure waits for the error box's
        // words (explanations-loader.ts).
        task: async ([nextRequest], { signal }) => {
          const [body, module] = await Promise.all([
            explainedFailure(followLink(this.client(), nextRequest, { signal })),
            import('./supporting-rows.js'),
          ]);
          rowsTables = module;
          return body;
        },
      });
      this.#rowTasks.set(key, task);
    }
    return task;
  }

  /** Runs an action's rows request for the page it shows (the next_request as sent for the first). */
  #loadRows(key: string): void {
    const offset = this.#rowOffsets.get(key) ?? 0;
    void this.#rowsTask(key).run([offset > 0 ? pathAtOffset(key, offset) : key]);
  }

  #toggle(action: Action): void {
    const key = action.next_request;
    const expanded = new Set(this.expanded);
    if (expanded.has(key)) expanded.delete(key);
    else {
      expanded.add(key);
      const task = this.#rowsTask(key);
      if (task.status !== TaskStatus.COMPLETE && task.status !== TaskStatus.PENDING) {
        this.#loadRows(key);
      }
    }
    this.expanded = expanded;
  }

  /** Data notes are labelled with the source's human name, unless the message already starts with it. */
  protected renderData(plan: ActionPlan, format: Formatters): TemplateResult {
    const statusText = STATUS_TEXT[plan.status] ?? `The plan's status is “${plan.status}”.`;
    return html`
      <p class="status" part="status" data-status=${plan.status}>${statusText}</p>
      ${
        plan.data_notes.length > 0
          ? html`<ul class="notes" part="notes" aria-label="About the data">
            ${plan.data_notes.map((note) => {
              const name = note.source === undefined ? '' : sourceName(note.source);
              const message = note.message ?? '';
              return html`<li class="notice" data-source=${note.source ?? nothing}>
                ${!name || message.startsWith(name) ? nothing : html`<strong>${name}:</strong>`}
                ${readableText(message, format)}
              </li>`;
            })}
          </ul>`
          : nothing
      }
      ${
        plan.actions.length > 0
          ? html`<ol class="actions" part="list" aria-label="Actions, most important first">
            ${plan.actions.map((action, index) => this.#renderAction(action, index, format))}
          </ol>`
          : plan.status === 'ready'
            ? html`<p part="empty" class="muted">The plan has no actions.</p>`
            : nothing
      }
      <p part="meta" class="meta">
        ${plan.audience ? `For ${plan.audience}` : ''}${
          plan.snapshot.generated_at
            ? `${plan.audience ? ' · ' : ''}made ${format.dateTime(plan.snapshot.generated_at)}`
            : ''
        }
      </p>
      ${periodLine(plan.period, format)}
    `;
  }

  /**
   * One action, compact: its number, title and a one-line summary (owner and
   * next step) that opens the details, evidence, links and supporting rows.
   */
  #renderAction(action: Action, index: number, format: Formatters): TemplateResult {
    const reportUrl = safeHttpUrl(action.report_url);
    const evidence = action.evidence ?? [];
    const expanded = this.expanded.has(action.next_request);
    const titleId = `action-${index}`;
    const rowsId = `rows-${index}`;
    return html`<li class="action" part="action">
      <article aria-labelledby=${titleId}>
        ${this.subheading(
          html`<span class="rank">${format.integer(action.rank ?? index + 1)}.</span>
            <bdi part="label">${action.title}</bdi>`,
          1,
          titleId,
        )}
        <details part="details">
          <summary part="summary">
            <span class="owner">${action.owner}</span> · ${action.next_step}<span
              class="visually-hidden"
              > (details of action ${action.rank})</span
            >
          </summary>
          <dl>
            ${[
              ['Suggested owner', action.owner],
              ['Next step', action.next_step],
              ['Success measure', action.success_measure],
            ].map(([term, value]) => html`<div><dt>${term}</dt><dd>${value}</dd></div>`)}
          </dl>
          ${
            evidence.length > 0
              ? html`${this.subheading('Evidence', 2)}
                <ul class="evidence">
                  ${evidence.map(
                    (item) =>
                      html`<li>
                        ${
                          item.date
                            ? html`<time datetime=${item.date}>${format.date(item.date)}</time>:`
                            : nothing
                        }
                        ${readableText(item.text ?? '', format)}
                      </li>`,
                  )}
                </ul>`
              : nothing
          }
          <div class="links">
            <button
              type="button"
              part="button"
              aria-expanded=${expanded ? 'true' : 'false'}
              aria-controls=${rowsId}
              @click=${() => this.#toggle(action)}
            >
              ${expanded ? 'Hide' : 'Show'} supporting rows<span class="visually-hidden">
                for action ${action.rank}</span
              >
            </button>
            ${
              reportUrl
                ? externalLink(
                    reportUrl,
                    html`Open the report<span class="visually-hidden"> for action ${action.rank}</span>`,
                  )
                : nothing
            }
          </div>
          <div class="rows" part="rows" id=${rowsId} ?hidden=${!expanded}>
            ${expanded ? this.#renderRows(action, format) : nothing}
          </div>
        </details>
      </article>
    </li>`;
  }

  #renderRows(action: Action, format: Formatters): unknown {
    const key = action.next_request;
    const task = this.#rowsTask(key);
    const table = (body: unknown) => {
      // Rows on screen came with the module (the rows task loaded it).
      const { columns, rows, pagination, received } = rowsTables!.supportingRows(body, format);
      if (rows.length === 0) return html`<p class="muted">No supporting rows.</p>`;
      const paged = pagination !== undefined && (pagination.offset > 0 || pagination.has_more);
      const caption = paged ? 'Supporting rows' : `Supporting rows: ${format.integer(received)}`;
      const reportUrl = safeHttpUrl(action.report_url);
      return html`${dataTable(columns, rows, caption, `Supporting rows for action ${action.rank}`)}
        ${
          received > rows.length
            ? html`<p class="muted" part="rows-note">
                The first ${format.integer(rows.length)} of ${format.integer(received)} rows are
                shown${reportUrl ? html`; ${externalLink(reportUrl, 'the report')} has them all` : ''}.
              </p>`
            : nothing
        }
        ${
          paged
            ? pager(
                pagination,
                format,
                'Rows',
                `Pages of rows for action ${action.rank}`,
                (offset) => {
                  this.#rowOffsets.set(key, offset);
                  this.#loadRows(key);
                },
              )
            : nothing
        }`;
    };
    return task.render({
      // A page change keeps the rows on screen (and the focus on the pager) until the next page arrives.
      pending: () =>
        task.value
          ? table(task.value)
          : html`<p class="muted" aria-busy="true" role="status">Loading supporting rows…</p>`,
      error: (error) => this.renderError(error, () => this.#loadRows(key)),
      complete: table,
    });
  }
}
