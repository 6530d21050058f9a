/** `npm run build:looker-studio`: writes dist/looker-studio/ (see looker-studio/build/index.ts). */
import { reportBuild } from '../apps-script/build/project.js';
import { buildLookerStudio } from './build/index.js';

reportBuild('looker-studio', await buildLookerStudio(), 'npm run looker:push');
