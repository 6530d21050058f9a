import { Task, TaskStatus } from '@lit/task';
import { html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import type { FollowedRequest } from '../../shared/client/types.js';
import type { Action, ActionPlan } from '../../shared/schemas/action-plan.js';
import { AivisElement } from '../internal/aivis-element.js';
import { baseStyles } from '../internal/base.styles.js';
import { type Formatters, safeHttpUrl } from '../internal/format.js';
import { externalLink } from '../internal/templates.js';
import { actionPlanStyles } from './action-plan.styles.js';
import { supportingRows } from './supporting-rows.js';

/** data-api 2.4 / 4.8: each plan status in words. */
const STATUS_TEXT: Record<string, string> = {
  ready: 'The next steps the stored data supports, most important first.',
  needs_data:
    'There is not enough data for a full plan yet: the notes below name the missing or stale sources.',
  no_priority_signals:
    'Nothing in the stored data calls for action right now. Check again after the next data collection.',
};

type RowsTask = Task<readonly [string], FollowedRequest>;

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
 * @csspart heading - The heading.
 * @csspart status - The sentence explaining the plan's status.
 * @csspart notes - The data notes (missing or stale sources).
 * @csspart list - The ordered list of actions.
 * @csspart action - One action.
 * @csspart label - An action's title.
 * @csspart link - The link to the report.
 * @csspart button - The button that shows or hides the supporting rows.
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
 * @cssproperty --aivis-font-family - Font; inherits the page's by default.
 */
export class AivisActionPlan extends AivisElement<'action-plan'> {
  static override styles = [baseStyles, actionPlanStyles];

  static override properties: PropertyDeclarations = {
    audience: { reflect: true },
    limit: { reflect: true },
    expanded: { attribute: false },
  };

  /** business (default): traffic and business; marketing: brand answers and content; seo: search pages and queries. */
  declare audience?: string;

  /** Maximum number of actions: 1 to 10, default 5. */
  declare limit?: string;

  /** Actions whose supporting rows are shown, by next_request. */
  private expanded = new Set<string>();

  private readonly rowTasks = new Map<string, RowsTask>();

  protected readonly endpoint = 'action-plan' as const;
  protected readonly heading = 'Action plan';

  protected requestInput() {
    return {
      project: this.project,
      period: this.period,
      audience: this.audience,
      limit: this.limit,
    };
  }

  private rowsTask(path: string): RowsTask {
    let task = this.rowTasks.get(path);
    if (!task) {
      task = new Task<readonly [string], FollowedRequest>(this, {
        autoRun: false,
        task: ([nextRequest], { signal }) => this.client().getPath(nextRequest, { signal }),
      });
      this.rowTasks.set(path, task);
    }
    return task;
  }

  private toggle(action: Action): void {
    const key = action.next_request;
    const expanded = new Set(this.expanded);
    if (expanded.has(key)) expanded.delete(key);
    else {
      expanded.add(key);
      const task = this.rowsTask(key);
      if (task.status !== TaskStatus.COMPLETE && task.status !== TaskStatus.PENDING) {
        void task.run([key]);
      }
    }
    this.expanded = expanded;
  }

  protected renderData(plan: ActionPlan, format: Formatters): TemplateResult {
    const statusText = STATUS_TEXT[plan.status] ?? `The plan's status is “${plan.status}”.`;
    return html`
      <p class="status" part="status" data-status=${plan.status}>${statusText}</p>
      ${
        plan.data_notes.length > 0
          ? html`<div class="notice notes" part="notes">
            <h3>About the data</h3>
            <ul>
              ${plan.data_notes.map(
                (note) => html`<li><strong>${note.source}:</strong> ${note.message}</li>`,
              )}
            </ul>
          </div>`
          : nothing
      }
      ${
        plan.actions.length > 0
          ? html`<ol class="actions" part="list" aria-label="Actions, most important first">
            ${plan.actions.map((action, index) => this.renderAction(action, index, format))}
          </ol>`
          : plan.status === 'ready'
            ? html`<p part="empty" class="muted">The plan has no actions.</p>`
            : nothing
      }
      <p part="meta" class="meta">
        For the ${plan.audience} audience · plan made ${format.dateTime(plan.snapshot.generated_at)}
      </p>
      ${this.renderPeriod(plan.period, format)}
    `;
  }

  private renderAction(action: Action, index: number, format: Formatters): TemplateResult {
    const reportUrl = safeHttpUrl(action.report_url);
    const expanded = this.expanded.has(action.next_request);
    const titleId = `action-${index}`;
    const rowsId = `rows-${index}`;
    return html`<li class="action" part="action">
      <article aria-labelledby=${titleId}>
        <h3 id=${titleId}>
          <span class="rank">${format.integer(action.rank)}.</span>
          <span part="label">${action.title}</span>
        </h3>
        <dl>
          ${[
            ['Suggested owner', action.owner],
            ['Next step', action.next_step],
            ['Success measure', action.success_measure],
          ].map(([term, value]) => html`<div><dt>${term}</dt><dd>${value}</dd></div>`)}
        </dl>
        ${
          action.evidence.length > 0
            ? html`<h4>Evidence</h4>
              <ul class="evidence">
                ${action.evidence.map(
                  (item) =>
                    html`<li><time datetime=${item.date}>${format.date(item.date)}</time>: ${item.text}</li>`,
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
            @click=${() => this.toggle(action)}
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
        <div class="rows" id=${rowsId} ?hidden=${!expanded}>
          ${expanded ? this.renderRows(action, format) : nothing}
        </div>
      </article>
    </li>`;
  }

  private renderRows(action: Action, format: Formatters): unknown {
    const task = this.rowsTask(action.next_request);
    return task.render({
      pending: () =>
        html`<p class="muted" aria-busy="true" role="status">Loading supporting rows…</p>`,
      error: (error) => this.renderError(error, () => void task.run([action.next_request])),
      complete: (followed) => {
        const table = supportingRows(followed);
        if (table.rows.length === 0) {
          return html`<p class="muted">No supporting rows.</p>`;
        }
        const shown = table.rows.length;
        const caption = `Supporting rows: ${format.integer(shown)}${
          table.total !== undefined && table.total > shown
            ? ` of ${format.integer(table.total)}`
            : ''
        }`;
        return html`<div
          class="scroll"
          tabindex="0"
          role="region"
          aria-label="Supporting rows for action ${action.rank}"
        >
          <table part="table">
            <caption>${caption}</caption>
            <thead>
              <tr>
                ${table.columns.map((column) => html`<th scope="col">${column.replaceAll('_', ' ')}</th>`)}
              </tr>
            </thead>
            <tbody>
              ${table.rows.map(
                (cells) => html`<tr>
                  ${cells.map((cell) => html`<td>${cell}</td>`)}
                </tr>`,
              )}
            </tbody>
          </table>
        </div>`;
      },
    });
  }
}
