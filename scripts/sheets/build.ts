/** `npm run build:apps-script`: writes dist/apps-script/ (see scripts/sheets/index.ts). */
import { reportBuild } from '../apps-script-bundle/project.js';
import { buildAppsScript } from './index.js';

reportBuild('apps-script', await buildAppsScript(), 'clasp push');
