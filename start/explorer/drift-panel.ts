/**
 * "Check the service's answers": the drift check of `aivis check`
 * (shared/drift.ts, docs/service-drift.md) through the account's proxy. The
 * verdict comes first, then what differs by request; the requests that read
 * as expected are folded away under one line. The page holds no token: the
 * proxy adds it, so the requests carry none; every line is text (never HTML),
 * scrubbed and with control characters made visible by the shared report.
 */
import { boundedExchange } from '../../shared/client/bounded-exchange.js';
import type { HttpRequest } from '../../shared/client/types.js';
import { driftReportView, MAX_CHECK_ANSWER_BYTES, runDriftCheck } from '../../shared/drift.js';

const item = (text: string, className?: string): HTMLLIElement =>
  Object.assign(document.createElement('li'), { textContent: text, className: className ?? '' });

/** The requests that read as expected, folded under their count. */
function folded(lines: readonly string[]): HTMLLIElement {
  const details = document.createElement('details');
  const summary = Object.assign(document.createElement('summary'), {
    textContent: `${lines.length} requests read as expected`,
  });
  const list = Object.assign(document.createElement('ul'), { className: 'drift-ok' });
  list.replaceChildren(...lines.map((line) => item(line)));
  details.replaceChildren(summary, list);
  const holder = item('');
  holder.replaceChildren(details);
  return holder;
}

const send = (request: HttpRequest) =>
  boundedExchange(request, { maxBodyBytes: MAX_CHECK_ANSWER_BYTES });

/** Wires the button: each press checks the account `basePath()` names and lists the report. */
export function initDriftPanel(
  button: HTMLButtonElement,
  list: HTMLElement,
  basePath: () => string,
): void {
  button.addEventListener('click', async () => {
    button.disabled = true;
    list.setAttribute('aria-busy', 'true');
    list.removeAttribute('data-exit-code');
    list.replaceChildren(item('Checking…'));
    try {
      const report = await runDriftCheck({ baseUrl: `${location.origin}${basePath()}` }, send);
      const view = driftReportView(report);
      list.replaceChildren(
        item(view.verdict, 'drift-verdict'),
        ...(view.summary ? [item(view.summary)] : []),
        ...view.findings.map((line) => item(line)),
        ...(view.ok.length > 0 ? [folded(view.ok)] : []),
      );
      list.dataset.exitCode = String(report.exitCode);
    } catch (error) {
      // The check itself failed (not the service): say so, as the CLI's exit code 2 does.
      list.replaceChildren(item(`The check could not run: ${String(error)}`, 'drift-verdict'));
      list.dataset.exitCode = '2';
    } finally {
      list.removeAttribute('aria-busy');
      button.disabled = false;
    }
  });
}
