/** GET /projects (data-api 4.1): the projects of the token's account with their fields of data-api 2.1. */
import type { ProjectData } from '../data/dataset.js';
import { latestCheckAt } from '../data/periods.js';
import type { SourceClock } from '../data/windows.js';
import type { Handler } from './common.js';

const freshness = (clock: SourceClock | undefined) =>
  clock ? { fetched_at: clock.fetched_at, is_stale: clock.is_stale } : null;

export function projectItem(data: ProjectData) {
  const { spec } = data;
  const judgments = data.answers.filter((answer) => answer.brand_mentioned !== null).length;
  const months = new Set(data.answers.map((answer) => Math.floor(answer.day / 30.44))).size;
  const sources = [data.search.google, data.search.bing, data.traffic].filter(
    (store) => store !== undefined,
  );
  return {
    id: spec.id,
    brand_name: spec.brand_name,
    brand_website: spec.brand_website,
    status: spec.status,
    country: spec.country,
    language: spec.language,
    selected_ai_models: [...spec.platforms],
    // data-api 2.1: the time of the latest check, as stored; the same instant as period.latest_check_at.
    last_checked_at: data.answers.length > 0 ? latestCheckAt(data) : null,
    connections: {
      ga4: data.traffic !== undefined,
      google_search_console: data.search.google !== undefined,
      bing_webmaster_tools: data.search.bing !== undefined,
    },
    connected_data: {
      ga4: freshness(data.traffic?.clock),
      google_search_console: freshness(data.search.google?.clock),
      bing_webmaster_tools: freshness(data.search.bing?.clock),
    },
    data_availability: {
      questions: data.questions.length,
      answers: data.answers.length,
      judgments,
      competitor_snapshots: months,
      connected_source_snapshots: sources.reduce((sum, store) => sum + store.daily.length, 0),
    },
  };
}

export const projectsHandler: Handler<'projects'> = ({ dataset, account }) => ({
  body: {
    projects: dataset
      .projectsOf(account)
      .map((spec) => dataset.project(spec.id))
      .filter((data) => data !== undefined)
      .map(projectItem),
  },
});
