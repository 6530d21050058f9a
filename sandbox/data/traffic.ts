/**
 * Generates a project's stored GA4 AI-traffic data (data-api 4.7): a daily series
 * per AI source and, per window, the landing pages of AI visitors.
 */
import {
  AI_TRAFFIC_SOURCES,
  type AiTrafficSource,
  type SourceWindow,
} from '../../shared/api/vocabulary.js';
import { mulberry32, seedOf } from './prng.js';
import { type SourceClock, sourceClock, windowRange, windowStored } from './windows.js';
import type { ProjectSpec, SourceSpec } from './world.js';

export type TrafficMetrics = {
  sessions: number;
  users: number;
  engaged_sessions: number;
  conversions: number;
};
export interface TrafficDay {
  day: number;
  bySource: Record<AiTrafficSource, TrafficMetrics>;
}
export interface LandingPage {
  path: string;
  bySource: Record<AiTrafficSource, TrafficMetrics>;
}
export interface TrafficStore {
  clock: SourceClock;
  daily: TrafficDay[];
  landingPages(window: SourceWindow): LandingPage[] | undefined;
}

const SOURCE_SHARE: Record<AiTrafficSource, number> = {
  chatgpt: 0.45,
  perplexity: 0.15,
  gemini: 0.12,
  claude: 0.06,
  copilot: 0.08,
  meta_ai: 0.02,
  other_ai_assistants: 0.02,
  ai_overviews: 0.1,
};
const PATHS = [
  '/',
  '/pricing',
  '/blog/ai-search-guide',
  '/features',
  '/compare/lumen',
  '/docs/getting-started',
  '/ja/ブログ/始め方',
  '/case-studies',
  '/templates',
  '/integrations/shopify',
];

export const emptyTraffic = (): TrafficMetrics => ({
  sessions: 0,
  users: 0,
  engaged_sessions: 0,
  conversions: 0,
});
export function addTraffic(into: TrafficMetrics, from: TrafficMetrics): TrafficMetrics {
  into.sessions += from.sessions;
  into.users += from.users;
  into.engaged_sessions += from.engaged_sessions;
  into.conversions += from.conversions;
  return into;
}

/** One day's (or page's) metrics, all sources together or for one. */
export function trafficOf(
  bySource: Record<AiTrafficSource, TrafficMetrics>,
  source?: AiTrafficSource,
): TrafficMetrics {
  if (source) return { ...bySource[source] };
  const total = emptyTraffic();
  for (const name of AI_TRAFFIC_SOURCES) addTraffic(total, bySource[name]);
  return total;
}

function metricsFrom(sessions: number, random: () => number): TrafficMetrics {
  return {
    sessions,
    users: Math.round(sessions * (0.75 + random() * 0.1)),
    engaged_sessions: Math.round(sessions * (0.55 + random() * 0.1)),
    conversions: Math.round(sessions * (0.02 + random() * 0.03)),
  };
}

export function generateTrafficStore(
  spec: ProjectSpec,
  ga4: SourceSpec,
  today: number,
): TrafficStore {
  const clock = sourceClock(ga4, today);
  const random = mulberry32(seedOf('ga4-daily', spec.id));
  const daily: TrafficDay[] = [];
  for (let day = clock.firstDay; day <= clock.fetchedDay; day++) {
    const growth = 1 + (day - clock.firstDay) / ga4.storedDays;
    const bySource = {} as Record<AiTrafficSource, TrafficMetrics>;
    for (const source of AI_TRAFFIC_SOURCES) {
      const sessions = Math.round(
        ga4.scale * SOURCE_SHARE[source] * growth * (0.7 + random.next() * 0.6),
      );
      bySource[source] = metricsFrom(sessions, random.next);
    }
    daily.push({ day, bySource });
  }
  // A project of its own trade lands visitors on its own pages (sandbox/data/trades.ts).
  const own = spec.trade ? ['/', ...spec.trade.pageSlugs.map((slug) => `/${slug}`)] : PATHS;
  const more = spec.trade ? `/${spec.trade.pageSlugs.at(-1)}` : '/blog';
  const paths = Array.from({ length: ga4.pages }, (_, i) =>
    i < own.length ? own[i]! : `${more}/post-${i - own.length + 1}`,
  );
  const memo = new Map<SourceWindow, LandingPage[] | undefined>();
  const build = (window: SourceWindow): LandingPage[] | undefined => {
    const range = windowRange(clock, window);
    if (!windowStored(clock, range)) return undefined;
    const noise = mulberry32(seedOf('ga4-pages', spec.id, window));
    const totals = {} as Record<AiTrafficSource, number>;
    for (const source of AI_TRAFFIC_SOURCES) {
      totals[source] = daily
        .filter((row) => row.day >= range.startDay && row.day <= range.endDay)
        .reduce((sum, row) => sum + row.bySource[source].sessions, 0);
    }
    return paths.map((path, index) => {
      const bySource = {} as Record<AiTrafficSource, TrafficMetrics>;
      for (const source of AI_TRAFFIC_SOURCES) {
        const sessions = Math.round((totals[source] * 0.4 * (0.5 + noise.next())) / (index + 1.5));
        bySource[source] = metricsFrom(sessions, noise.next);
      }
      return { path, bySource };
    });
  };
  return {
    clock,
    daily,
    landingPages: (window) => {
      if (!memo.has(window)) memo.set(window, build(window));
      return memo.get(window);
    },
  };
}
