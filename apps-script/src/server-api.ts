/**
 * The functions the sidebar and dialogs call through google.script.run.
 * The build generates one global function per key (scripts/sheets/entry.ts)
 * and the browser code calls them through a wrapper typed with `ServerApi`
 * (apps-script/ui/server.ts), so a renamed or retyped function breaks the
 * build, not the user. Arguments and results are plain JSON: no Dates.
 * Errors reach the browser as messages that say what to do, token redacted.
 */
import { ENDPOINTS, type EndpointName, needsProject } from '../../shared/api/endpoints.js';
import { describeRule, type ParamRule } from '../../shared/api/param-rules.js';
import { type AlertSettingsView, alertSettingsView, saveAlertEntries } from './alert-settings.js';
import { sendDigestNow } from './alerts.js';
import { CONNECTION_OPTION, connectionRule, MAX_ROWS_OPTION, maxRowsRule } from './config.js';
import { checkService, type DriftView } from './drift-check.js';
import type { ServerFunctionName } from './entry-points.js';
import { CUSTOM_FUNCTION_NAMES, CUSTOM_FUNCTIONS } from './functions.js';
import {
  addImport,
  type ImportRequest,
  type ImportResult,
  listImports,
  removeImport,
} from './imports.js';
import { appendRunLog } from './run-log.js';
import {
  installSchedule,
  readSchedule,
  readStatus,
  refreshAll,
  type ScheduleSettings,
  statusLine,
} from './schedule.js';
import { BUILDER_API, type ProjectChoice, projects } from './server-builder.js';
import { CONNECTION_API, type ConnectionsState, connectionsState } from './server-connections.js';
import { active, guarded } from './server-guard.js';
import { removeToken, type SettingsView, saveSettings, settingsView } from './settings.js';

export interface ImportView {
  id: string;
  sheetName: string;
  endpoint: string;
  params: string;
}

export interface SidebarState {
  settings: SettingsView;
  /** The list beside the settings, from the same read, so both say the same of a token. */
  connections: ConnectionsState;
  status: string;
  schedule: ScheduleSettings;
  imports: ImportView[];
}

export type { ProjectChoice } from './server-builder.js';
export type { ReportChoice };

function sidebarState(): SidebarState {
  return {
    settings: settingsView(),
    connections: connectionsState(),
    status: statusLine(readStatus()),
    schedule: readSchedule(),
    imports: listImports().map((each) => ({
      id: each.id,
      sheetName: each.sheetName,
      endpoint: each.endpoint,
      params: Object.entries(each.params)
        .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join(',') : String(value)}`)
        .join('; '),
    })),
  };
}

/** The report dialog's list: one entry per function, its option keys described by the endpoint table. */
interface ReportChoice {
  endpoint: EndpointName;
  functionName: string;
  summary: string;
  needsProject: boolean;
  options: Array<{ key: string; help: string }>;
}

function reportChoices(): ReportChoice[] {
  return CUSTOM_FUNCTION_NAMES.map((functionName) => {
    const { endpoint, summary } = CUSTOM_FUNCTIONS[functionName];
    const rules = ENDPOINTS[endpoint].params as Record<string, ParamRule>;
    const options = Object.entries(rules).map(([key, rule]) => ({ key, help: describeRule(rule) }));
    if (ENDPOINTS[endpoint].rows({}) !== undefined || Object.keys(rules).includes('dataset')) {
      options.push({ key: MAX_ROWS_OPTION, help: describeRule(maxRowsRule) });
    }
    options.push({ key: CONNECTION_OPTION, help: describeRule(connectionRule) });
    return { endpoint, functionName, summary, needsProject: needsProject(endpoint), options };
  });
}

export const SERVER_API = {
  aivisSidebarState: guarded((): SidebarState => sidebarState()),
  aivisSaveSettings: guarded((input: { baseUrl: string; token: string }): SidebarState => {
    saveSettings(input);
    return sidebarState();
  }),
  aivisRemoveToken: guarded((): SidebarState => {
    removeToken();
    return sidebarState();
  }),
  aivisTestConnection: guarded((): ProjectChoice[] => projects()),
  aivisCheckService: guarded((): DriftView => checkService()),
  aivisReportChoices: guarded((): ReportChoice[] => reportChoices()),
  aivisInsertReport: guarded(
    (request: ImportRequest): ImportResult => addImport(active(), request),
  ),
  aivisRemoveImport: guarded((id: string): SidebarState => {
    removeImport(id);
    return sidebarState();
  }),
  aivisSetSchedule: guarded(
    (input: { frequency: string; historyProjects: number[] }): SidebarState => {
      installSchedule(active(), input);
      return sidebarState();
    },
  ),
  aivisRefreshNow: guarded((): string => statusLine(refreshAll(active(), 'manual'))),
  aivisAlertSettings: guarded((): AlertSettingsView => alertSettingsView()),
  aivisSaveAlerts: guarded((entries: unknown): AlertSettingsView => saveAlertEntries(entries)),
  aivisSendDigestNow: guarded((project: number): string => {
    const lines = sendDigestNow(active(), project);
    appendRunLog(active(), lines);
    const line = lines[0];
    if (line?.status === 'failed') throw new Error(line.error);
    return line?.status === 'sent' ? `Sent: ${line.error}` : (line?.error ?? 'Nothing sent.');
  }),
  ...CONNECTION_API,
  ...BUILDER_API,
  // Exactly the names the build generates globals for: no more, no fewer.
} satisfies Record<ServerFunctionName, (...args: never[]) => unknown>;

export type ServerApi = typeof SERVER_API;
export type { ServerFunctionName };
