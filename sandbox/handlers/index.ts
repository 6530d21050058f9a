/** One handler per endpoint of the table (data-api 4). */
import type { EndpointName } from '../../shared/api/endpoints.js';
import { actionPlanHandler } from './action-plan.js';
import { aiTrafficHandler } from './ai-traffic.js';
import { answersHandler } from './answers.js';
import { citationsHandler } from './citations.js';
import type { Handler } from './common.js';
import { competitorsHandler } from './competitors.js';
import { projectsHandler } from './projects.js';
import { searchPerformanceHandler } from './search-performance.js';
import { summaryHandler } from './summary.js';

export const HANDLERS: { [N in EndpointName]: Handler<N> } = {
  projects: projectsHandler,
  summary: summaryHandler,
  answers: answersHandler,
  'search-performance': searchPerformanceHandler,
  competitors: competitorsHandler,
  citations: citationsHandler,
  'ai-traffic': aiTrafficHandler,
  'action-plan': actionPlanHandler,
};
