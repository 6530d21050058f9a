/** `npm run build:looker-studio`: writes dist/looker-studio/ (see scripts/looker-studio/index.ts). */
import { reportBuild } from '../apps-script-bundle/project.js';
import { buildLookerStudio } from './index.js';

reportBuild('looker-studio', await buildLookerStudio(), 'npm run looker:push');
