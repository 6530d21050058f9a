/**
 * The bundle's one global (`AivisLooker`). Looker Studio calls the connector's
 * functions by name, so the build generates thin top-level functions
 * (scripts/looker-studio/entry.ts) that call into this object. Every failure
 * leaves as a Looker Studio user error.
 */
import { ADMINS_PROPERTY } from './config.js';
import { getConfig as buildConfig, type ConfigRequest } from './connector-config.js';
import * as credentials from './credentials.js';
import {
  getSchema as buildSchema,
  type ConnectorRequest,
  getData as fetchData,
} from './report-data.js';
import { throwUserError } from './user-errors.js';

function guarded<A extends unknown[], R>(run: (...args: A) => R): (...args: A) => R {
  return (...args) => {
    try {
      return run(...args);
    } catch (error) {
      return throwUserError(error);
    }
  };
}

export function getAuthType() {
  const cc = DataStudioApp.createCommunityConnector();
  return cc.newAuthTypeResponse().setAuthType(cc.AuthType.KEY).build();
}

export const isAuthValid = (): boolean => credentials.isAuthValid();
export const setCredentials = (request: unknown) => credentials.setCredentials(request);
export const resetAuth = (): void => credentials.resetAuth();
export const getConfig = guarded((request?: ConfigRequest) => buildConfig(request));
export const getSchema = guarded((request: ConnectorRequest) => buildSchema(request));
export const getData = guarded((request: ConnectorRequest) => fetchData(request));

export function isAdminUser(): boolean {
  const listed = PropertiesService.getScriptProperties().getProperty(ADMINS_PROPERTY) ?? '';
  const email = Session.getEffectiveUser().getEmail().trim().toLowerCase();
  return (
    email !== '' &&
    listed
      .split(',')
      .map((each) => each.trim().toLowerCase())
      .includes(email)
  );
}
