/**
 * Settings' connections: the list (name, address, whether a token is set,
 * never the token), make default, rename, remove, and the add form. A rename
 * or removal that affects imports shows which, and waits for Confirm.
 */
import type { ConnectionChange, ConnectionsState } from '../src/server-connections.js';
import { busy, byId, clear, setText, showError } from './dom.js';
import { call } from './server.js';
import { tokenState } from './token-state.js';

let pending: (() => Promise<ConnectionChange>) | undefined;
/** What the page does after the list changed (Settings reads its token line again). */
let changed: () => void = () => {};

function button(label: string, name: string, work: () => Promise<unknown>): HTMLButtonElement {
  const element = document.createElement('button');
  element.textContent = label;
  element.setAttribute('aria-label', `${label}: ${name}`);
  element.addEventListener('click', () => {
    clear('connection-error');
    void busy(element, work).catch((error: unknown) => showError('connection-error', error));
  });
  return element;
}

/** A change either happened, or waits for Confirm with the affected imports named. */
function settle(change: ConnectionChange, confirm: () => Promise<ConnectionChange>): void {
  renderConnections(change.state);
  if (change.done) changed();
  setText('connection-message', change.message);
  byId('confirm-box').hidden = change.done;
  pending = change.done ? undefined : confirm;
  if (!change.done) byId<HTMLButtonElement>('confirm').focus();
}

export function renderConnections(state: ConnectionsState): void {
  setText('allowed-base-urls', `Allowed addresses: ${state.allowedBaseUrls.join(', ')}`);
  byId('connections').replaceChildren(
    ...state.connections.map((each) => {
      const item = document.createElement('li');
      const text = document.createElement('span');
      text.textContent = `${each.name}${each.isDefault ? ' (default)' : ''}: ${each.baseUrl} · ${tokenState(each.tokenSet)} `;
      const rename = button('Rename', each.name, async () => {
        const to = byId<HTMLInputElement>('new-name').value.trim();
        if (!to) throw new Error('Type the new name in "New name" first.');
        const run = (confirmed: boolean) =>
          call('aivisRenameConnection', { from: each.name, to, confirmed });
        settle(await run(false), () => run(true));
      });
      const remove = button('Remove', each.name, async () => {
        const run = (confirmed: boolean) =>
          call('aivisRemoveConnection', { name: each.name, confirmed });
        settle(await run(false), () => run(true));
      });
      item.append(text, rename, ' ', remove);
      if (!each.isDefault) {
        item.append(
          ' ',
          button('Make default', each.name, async () =>
            renderConnections(await call('aivisSetDefaultConnection', each.name)),
          ),
        );
      }
      return item;
    }),
  );
}

export function initConnections(onChange: () => void): void {
  changed = onChange;
  byId('confirm').addEventListener('click', (event) => {
    const run = pending;
    if (!run) return;
    clear('connection-error');
    void busy(event.currentTarget as HTMLButtonElement, run)
      .then((change) => settle(change, run))
      .catch((error: unknown) => showError('connection-error', error));
  });
  byId('cancel').addEventListener('click', () => {
    pending = undefined;
    byId('confirm-box').hidden = true;
    setText('connection-message', 'Nothing changed.');
  });
  byId('add-connection').addEventListener('click', (event) => {
    clear('connection-error');
    const token = byId<HTMLInputElement>('new-token');
    void busy(event.currentTarget as HTMLButtonElement, () =>
      call('aivisAddConnection', {
        name: byId<HTMLInputElement>('new-name').value,
        baseUrl: byId<HTMLInputElement>('new-base-url').value,
        token: token.value,
      }),
    )
      .then((state) => {
        // The token leaves the page once; the field is emptied whatever happens next.
        token.value = '';
        renderConnections(state);
        setText('connection-message', 'Connection added.');
        changed();
      })
      .catch((error: unknown) => {
        token.value = '';
        showError('connection-error', error);
      });
  });
}
