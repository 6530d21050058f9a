/** `npm run build:apps-script`: writes dist/apps-script/ (see apps-script/build/index.ts). */
import { buildAppsScript } from './build/index.js';
import { reportBuild } from './build/project.js';

reportBuild('apps-script', await buildAppsScript(), 'clasp push');
