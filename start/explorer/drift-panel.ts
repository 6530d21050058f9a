/**
 * "Check the service's answers": the drift check of `aivis check`
 * (shared/drift.ts, docs/service-drift.md) through the account's proxy,
 * shown as the CLI prints it, one line per list item. The page holds no
 * token: the proxy adds it, so the requests carry none.
 */
import { fetchExchange } from '../../shared/client/fetch-exchange.js';
import type { HttpRequest } from '../../shared/client/types.js';
import { formatDriftReport, runDriftCheck } from '../../shared/drift.js';

const item = (text: string): HTMLLIElement =>
  Object.assign(document.createElement('li'), { textContent: text });

const send = (request: HttpRequest) => fetchExchange(request);

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
      const lines = formatDriftReport(report).trimEnd().split('\n');
      list.replaceChildren(...lines.map(item));
      list.dataset.exitCode = String(report.exitCode);
    } catch (error) {
      // The check itself failed (not the service): say so, as the CLI's exit code 2 does.
      list.replaceChildren(item(`The check could not run: ${String(error)}`));
      list.dataset.exitCode = '2';
    } finally {
      list.removeAttribute('aria-busy');
      button.disabled = false;
    }
  });
}
