/**
 * getConfig: the project (from the account's projects), the report (every
 * report of reports.ts) and, once a report is chosen, the parameters it takes
 * with the endpoint table's own words as help. Stepped: choosing a report
 * asks again, so only the parameters of that report are shown.
 */
import { projectParam } from '../../shared/api/endpoints.js';
import { describeRule, type ParamRule } from '../../shared/api/param-rules.js';
import { listProjects, readCredentials } from './credentials.js';
import { PORTFOLIO_REPORT } from './portfolio-report.js';
import { configParams, findReport, REPORTS } from './reports.js';

type Config = GoogleAppsScript.Data_Studio.Config;

export interface ConfigRequest {
  configParams?: Record<string, unknown>;
}

const label = (id: string) => id.charAt(0).toUpperCase() + id.slice(1).replaceAll('_', ' ');

function addParam(config: Config, id: string, rule: ParamRule, required: boolean): void {
  const help = `${required ? 'Required. ' : 'Optional; leave empty for all. '}${describeRule(rule)}`;
  if (rule.kind === 'enum') {
    const select = config.newSelectSingle().setId(id).setName(label(id)).setHelpText(help);
    for (const value of rule.values)
      select.addOption(config.newOptionBuilder().setLabel(value).setValue(value));
    return;
  }
  config.newTextInput().setId(id).setName(label(id)).setHelpText(help);
}

export function getConfig(request: ConfigRequest | undefined) {
  const cc = DataStudioApp.createCommunityConnector();
  const config = cc.getConfig();
  const chosen = findReport(request?.configParams?.report);

  const projects = listProjects(readCredentials()).table;
  const id = projects.columns.indexOf('id');
  const name = projects.columns.indexOf('brand_name');
  const project = config
    .newSelectSingle()
    .setId('project')
    .setName('Project')
    .setHelpText(
      `${describeRule(projectParam)}. The projects report lists them all and ignores this choice.`,
    );
  for (const row of projects.rows) {
    project.addOption(
      config
        .newOptionBuilder()
        .setLabel(`${String(row[name])} (${String(row[id])})`)
        .setValue(String(row[id])),
    );
  }

  const report = config
    .newSelectSingle()
    .setId('report')
    .setName('Report')
    .setHelpText(
      'Which Data API dataset the data source reads: <endpoint> or <endpoint>:<dataset>. Its fields follow from it; choose it before the other options.',
    )
    .setIsDynamic(true);
  for (const each of [...REPORTS, PORTFOLIO_REPORT]) {
    report.addOption(
      config.newOptionBuilder().setLabel(`${each.label} (${each.value})`).setValue(each.value),
    );
  }

  if (chosen) {
    config.newInfo().setId('about').setText(`${chosen.label}: ${chosen.description}.`);
    for (const param of configParams(chosen))
      addParam(config, param.id, param.rule, param.required);
  }
  config.setDateRangeRequired(true);
  config.setIsSteppedConfig(!chosen);
  return config.build();
}
