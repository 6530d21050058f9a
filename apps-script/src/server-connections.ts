/**
 * Settings' connections, as google.script.run targets. Renaming or removing
 * a connection that imports or dashboards of this spreadsheet use first
 * answers with the affected sheets and changes nothing until confirmed.
 */

import { urlFetchWhitelist } from '../../apps-script-platform/service-address.js';
import {
  addConnection,
  type ConnectionView,
  listConnections,
  removeConnection,
  renameConnection,
  setDefaultConnection,
} from './connections.js';
import { listDashboards, saveDashboards } from './dashboard.js';
import { listImports, saveImports } from './imports.js';
import { guarded } from './server-guard.js';

export interface ConnectionsState {
  connections: ConnectionView[];
  /** The addresses a connection may use (the manifest's urlFetchWhitelist). */
  allowedBaseUrls: string[];
}

export interface ConnectionChange {
  /** false: nothing changed yet; confirm with `confirmed: true`. */
  done: boolean;
  /** Sheets of imports and dashboards that use the connection. */
  affected: string[];
  message: string;
  state: ConnectionsState;
}

export function connectionsState(): ConnectionsState {
  return { connections: listConnections(), allowedBaseUrls: urlFetchWhitelist() };
}

/** Sheets whose import or dashboard names this connection (the default one counts as unnamed too). */
function usersOf(name: string): string[] {
  const isDefault = listConnections().some((each) => each.name === name && each.isDefault);
  const uses = (connection: string | undefined) =>
    connection === name || (!connection && isDefault);
  return [...listImports(), ...listDashboards()]
    .filter((each) => uses(each.connection))
    .map((each) => each.sheetName);
}

/** Imports and dashboards remember their connection by name: a rename follows into them. */
function renameIn(from: string, to: string): void {
  const rename = <T extends { connection?: string }>(record: T): T =>
    record.connection === from ? { ...record, connection: to } : record;
  saveImports(listImports().map(rename));
  saveDashboards(listDashboards().map(rename));
}

function change(
  name: string,
  confirmed: boolean | undefined,
  verb: string,
  apply: () => string,
): ConnectionChange {
  const affected = usersOf(name);
  if (affected.length && !confirmed) {
    return {
      done: false,
      affected,
      message: `${verb} "${name}" affects ${affected.length} import(s) or dashboard(s): ${affected.join(', ')}. Confirm to go on.`,
      state: connectionsState(),
    };
  }
  return { done: true, affected, message: apply(), state: connectionsState() };
}

export const CONNECTION_API = {
  aivisConnections: guarded((): ConnectionsState => connectionsState()),
  aivisAddConnection: guarded(
    (input: { name: string; baseUrl: string; token: string }): ConnectionsState => {
      addConnection(input);
      return connectionsState();
    },
  ),
  aivisRenameConnection: guarded(
    (input: { from: string; to: string; confirmed?: boolean }): ConnectionChange =>
      change(input.from, input.confirmed, 'Renaming', () => {
        const name = renameConnection(input.from, input.to);
        renameIn(input.from, name);
        return `Renamed "${input.from}" to "${name}".`;
      }),
  ),
  aivisRemoveConnection: guarded(
    (input: { name: string; confirmed?: boolean }): ConnectionChange =>
      change(input.name, input.confirmed, 'Removing', () => {
        removeConnection(input.name);
        return `Removed "${input.name}" and its token.`;
      }),
  ),
  aivisSetDefaultConnection: guarded((name: string): ConnectionsState => {
    setDefaultConnection(name);
    return connectionsState();
  }),
};
