/** GET /projects/{project}/ai-traffic (data-api 4.7): GA4 traffic from AI assistants and AI Overviews. */
import {
  AI_TRAFFIC_SOURCES,
  type AiTrafficDataset,
  type AiTrafficSource,
  type SourceWindow,
} from '../../shared/api/vocabulary.js';
import { percentOf } from '../data/aggregates.js';
import { isoOf, monthOf } from '../data/calendar.js';
import { addTraffic, emptyTraffic, type TrafficMetrics, trafficOf } from '../data/traffic.js';
import { windowObject, windowRange, windowStored } from '../data/windows.js';
import { type Handler, paginate, projectOf, unavailable } from './common.js';

export const aiTrafficHandler: Handler<'ai-traffic'> = (context) => {
  const data = projectOf(context);
  const query = context.query;
  const dataset = query.dataset as AiTrafficDataset;
  const window = query.period as SourceWindow;
  const source = query.source as AiTrafficSource | undefined;
  const store = data.traffic;
  if (!store) {
    return unavailable(
      'GA4 is not connected to this project. Connect Google Analytics 4 in the project settings; AI traffic appears after the next collection.',
      { source: 'ga4', dataset },
    );
  }
  const range = windowRange(store.clock, window);
  const pages = store.landingPages(window);
  if (!windowStored(store.clock, range) || pages === undefined) {
    return unavailable(
      `GA4 has no stored data for the ${window} window yet: the stored series starts on ${isoOf(store.clock.firstDay)}. Try period=30d.`,
      { source: 'ga4', dataset, period: windowObject(range) },
    );
  }
  const envelope = {
    dataset,
    period: windowObject(range),
    fetched_at: store.clock.fetched_at,
    is_stale: store.clock.is_stale,
  };
  const inRange = store.daily.filter((row) => row.day >= range.startDay && row.day <= range.endDay);
  const sources = source ? [source] : AI_TRAFFIC_SOURCES;
  const sourceTotals = sources.map((name) => ({
    source: name,
    ...inRange.reduce((sum, row) => addTraffic(sum, row.bySource[name]), emptyTraffic()),
  }));
  const totals = sourceTotals.reduce((sum, row) => addTraffic(sum, row), emptyTraffic());

  switch (dataset) {
    case 'summary':
      return {
        body: {
          ...envelope,
          totals,
          by_source: [...sourceTotals]
            .sort((a, b) => b.sessions - a.sessions)
            .map((row) => ({ source: row.source, sessions: row.sessions })),
        },
      };
    case 'sources':
      return {
        body: {
          ...envelope,
          rows: [...sourceTotals]
            .sort((a, b) => b.sessions - a.sessions)
            .map((row) => ({ ...row, share: percentOf(row.sessions, totals.sessions) })),
        },
      };
    case 'daily':
      return {
        body: {
          ...envelope,
          rows: inRange.map((row) => ({
            date: isoOf(row.day),
            ...trafficOf(row.bySource, source),
          })),
        },
      };
    case 'history': {
      // Monthly sessions per AI platform, as the real service answers (docs/service-drift.md):
      // the daily series summed per calendar month and source.
      const sums = new Map<string, { month: string; platform: AiTrafficSource } & TrafficMetrics>();
      for (const row of inRange) {
        const month = monthOf(row.day);
        for (const platform of sources) {
          const key = `${month} ${platform}`;
          const sum = sums.get(key) ?? { month, platform, ...emptyTraffic() };
          sums.set(key, sum);
          addTraffic(sum, row.bySource[platform]);
        }
      }
      return { body: { ...envelope, rows: [...sums.values()] } };
    }
    case 'landing_pages': {
      const fragment =
        typeof query.path_contains === 'string' ? query.path_contains.toLowerCase() : undefined;
      const rows = pages
        .filter((page) => fragment === undefined || page.path.toLowerCase().includes(fragment))
        .map((page) => {
          const top = AI_TRAFFIC_SOURCES.reduce((best, name) =>
            page.bySource[name].sessions > page.bySource[best].sessions ? name : best,
          );
          return {
            path: page.path,
            top_source: source ?? top,
            ...trafficOf(page.bySource, source),
          };
        })
        .sort((a, b) => b.sessions - a.sessions || a.path.localeCompare(b.path));
      const page = paginate(rows, query.offset as number, query.limit as number);
      return { body: { ...envelope, rows: page.rows, pagination: page.pagination } };
    }
  }
};
