/**
 * The connector's appsscript.json: the add-on's base (V8, UTC, the service
 * address as the only urlFetchWhitelist entry, from the same build setting)
 * plus the `dataStudio` section of Looker Studio's manifest reference. Its
 * links sit on the service's own site, next to the API.
 */
import { CONNECTOR_NAME } from '../../looker-studio/src/config.js';
import { baseManifest } from '../apps-script-bundle/manifest.js';
import type { ServiceSetting } from '../apps-script-bundle/settings.js';

export const CONNECTOR_SCOPES = [
  // UrlFetchApp calls to the Data API.
  'https://www.googleapis.com/auth/script.external_request',
  // isAdminUser compares the person's address with AIVIS_ADMIN_EMAILS.
  'https://www.googleapis.com/auth/userinfo.email',
] as const;

export function connectorManifest(service: ServiceSetting) {
  const site = service.baseUrl;
  return {
    ...baseManifest(service),
    oauthScopes: [...CONNECTOR_SCOPES],
    dataStudio: {
      name: CONNECTOR_NAME,
      company: 'AI Visibility',
      companyUrl: site,
      logoUrl: `${site}/looker-studio/logo-40.png`,
      addOnUrl: `${site}/looker-studio`,
      supportUrl: `${site}/support`,
      description:
        'Reports of the AI Visibility Data API v1 in Looker Studio: AI answers and their judgments, visibility, competitors, citations, search performance, AI traffic and the action plan of your projects. Connect with a personal access token from the service’s token page.',
      shortDescription:
        'AI answers, visibility, competitors, citations, search and AI traffic of your projects.',
      authType: ['KEY'],
      feeType: ['FREE'],
    },
  };
}
