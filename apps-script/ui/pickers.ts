/** The connection and project lists the builder and the dashboard dialog share. */
import { call } from './server.js';

function option(value: string, label: string): HTMLOptionElement {
  const element = document.createElement('option');
  element.value = value;
  element.textContent = label;
  return element;
}

/** Fills a select with the connections, the default one chosen; the value is the name. */
export async function loadConnections(select: HTMLSelectElement): Promise<void> {
  const state = await call('aivisConnections');
  select.replaceChildren(
    ...state.connections.map((each) =>
      option(
        each.name,
        `${each.name}${each.isDefault ? ' (default)' : ''}${each.tokenSet ? '' : ' (no token)'}`,
      ),
    ),
  );
  select.value = state.connections.find((each) => each.isDefault)?.name ?? '';
}

/** Fills a select with the projects the connection's token can read. */
export async function loadProjects(select: HTMLSelectElement, connection: string): Promise<void> {
  select.replaceChildren();
  const projects = await call('aivisProjects', connection || undefined);
  select.replaceChildren(
    ...projects.map((each) => option(String(each.id), `${each.id}: ${each.brand_name}`)),
  );
}
