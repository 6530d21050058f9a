/**
 * The sandbox's fixed world: accounts, their projects and what each project is
 * like. Generators turn these descriptions into stored data; handlers never
 * read this file's numbers directly except through the generated dataset.
 */
import { PLATFORMS, type Platform } from '../../shared/api/vocabulary.js';
import {
  ARABIC_TEXT,
  CYRILLIC_TEXT,
  EMOJI_TEXT,
  FORMULA_BRAND,
  JAPANESE_TEXT,
  JAVASCRIPT_URL,
} from './hostile.js';
import { BAKERY_TRADE, LAW_TRADE, OUTDOOR_TRADE, type Trade } from './trades.js';

/** The pretend service's web addresses (report pages, plans page, token page). */
export const SERVICE_ORIGIN = 'https://app.aivis.example';
export const PLANS_URL = `${SERVICE_ORIGIN}/plans`;
export const TOKEN_PAGE_URL = `${SERVICE_ORIGIN}/settings/mcp#tokens`;
export const reportUrl = (project: number, report = 'overview') =>
  `${SERVICE_ORIGIN}/projects/${project}/reports/${report}`;

/** A connected source is stale when its newest snapshot is older than this. */
export const STALE_AFTER_DAYS = 3;
/** Fewer judged answers than this in the period is too little evidence for a plan. */
export const MIN_EVIDENCE_ANSWERS = 50;

export type AccountId = 'A' | 'B' | 'C';

export interface SourceSpec {
  /** Days between the collection day and the sandbox's today. */
  fetchedDaysAgo: number;
  /** Days of daily series stored, ending on the collection day. */
  storedDays: number;
  /** Rough daily impressions (search) or sessions (GA4). */
  scale: number;
  /** Lowest click-through rate of a query; a high floor means no CTR gaps. */
  minCtr: number;
  /** Queries, pages and countries in the stored pools. */
  queries: number;
  pages: number;
  countries: number;
  /** Question-shaped queries collected (google only; the store keeps at most 1000). */
  questionQueries: number;
}

export interface ProjectSpec {
  id: number;
  account: AccountId;
  brand_name: string;
  brand_website: string;
  status: string;
  country: string;
  language: string;
  category: string;
  description: string;
  audience: string;
  platforms: readonly Platform[];
  /** The first is the primary question. */
  questions: readonly string[];
  competitors: ReadonlyArray<{ name: string; weight: number }>;
  /** Checks run daily for the newest `dailyDays`, then weekly back to `historyDays`. */
  dailyDays: number;
  historyDays: number;
  /** Checks of the newest days the nightly judgment has not reached yet. */
  unjudgedDays: number;
  namedRate: number;
  negativeRate: number;
  drawbackRate: number;
  offTopicRate: number;
  citedDomains: readonly string[];
  google: SourceSpec | null;
  bing: SourceSpec | null;
  ga4: SourceSpec | null;
  /** Plants the values of hostile.ts. */
  hostile: boolean;
  /** The words of its search, traffic and answer data (trades.ts); the software trade when absent. */
  trade?: Trade;
}

const QUESTIONS_1001 = [
  'What is the best marketing analytics tool for small businesses?',
  'Which analytics platform is easiest to set up for an online shop?',
  'Brightlane vs Lumen Analytics: which is better?',
  'What are affordable alternatives to enterprise web analytics?',
  'Which tools show how customers find a brand in AI assistants?',
  'Best dashboard software for agency client reporting?',
  'How can I track marketing ROI without a data team?',
  'Which analytics tools are GDPR friendly?',
  'What do reviewers say about Brightlane?',
  'Top customer journey analytics tools in 2026?',
  'Which reporting tool integrates with Shopify and GA4?',
  'What is a good analytics tool for a non-technical founder?',
  'Which marketing dashboards support multiple languages?',
  `Best analytics tools for the Japanese market (${JAPANESE_TEXT.slice(0, 8)})?`,
  'How do I compare attribution tools?',
  'Which analytics vendor has the best support?',
];

const COMPETITORS_1001 = [
  { name: 'Lumen Analytics', weight: 9 },
  { name: FORMULA_BRAND, weight: 8 },
  { name: 'Orbit Metrics', weight: 7 },
  { name: 'Quanta Dash', weight: 6 },
  { name: 'Kōhī Labs 珈琲', weight: 5 },
  { name: 'Сибирь Софт', weight: 4 },
  { name: 'شركة النور', weight: 3 },
  { name: 'Rocket 🚀 Tools', weight: 3 },
  { name: 'Northwind Insights', weight: 3 },
  { name: 'Pinecrest Data', weight: 2 },
  { name: 'Tidewater BI', weight: 2 },
  { name: 'Harbor Reports', weight: 2 },
  { name: 'Summit Signals', weight: 1.5 },
  { name: 'Clearpath Stats', weight: 1.5 },
  { name: 'Bluejay Metrics', weight: 1.2 },
  { name: 'Meridian Funnel', weight: 1 },
  { name: 'Copperleaf', weight: 1 },
  { name: 'Vantage Loop', weight: 0.8 },
  { name: 'Nimbus Trackers', weight: 0.6 },
  { name: 'Stonebridge Analytics', weight: 0.5 },
];

/** Fields most projects share: active, every check judged, no Bing or GA4 connected, no hostile values. */
type UsualField = 'status' | 'unjudgedDays' | 'bing' | 'ga4' | 'hostile';

/** A project spec; the usual fields take their usual values unless the spec names them. */
const project = (
  spec: Omit<ProjectSpec, UsualField> & Partial<Pick<ProjectSpec, UsualField>>,
): ProjectSpec => ({
  status: 'active',
  unjudgedDays: 0,
  bing: null,
  ga4: null,
  hostile: false,
  ...spec,
});

/** GA4 counts sessions by landing page: it has no queries, countries, CTR or question queries. */
const ga4Source = (
  source: Pick<SourceSpec, 'fetchedDaysAgo' | 'storedDays' | 'scale' | 'pages'>,
): SourceSpec => ({ ...source, minCtr: 0, queries: 0, countries: 0, questionQueries: 0 });

/** Rivals in order of strength, weighted n, n-1, ... 1 (a small market's three: 3, 2, 1). */
const rivalsInOrder = (...names: string[]) =>
  names.map((name, index) => ({ name, weight: names.length - index }));

export const PROJECT_SPECS: readonly ProjectSpec[] = [
  project({
    id: 1001,
    account: 'A',
    brand_name: 'Brightlane',
    brand_website: 'https://brightlane.example',
    country: 'US',
    language: 'en',
    category: 'Marketing analytics software',
    description: `Brightlane makes marketing analytics dashboards for small businesses. ${EMOJI_TEXT} ${CYRILLIC_TEXT} ${ARABIC_TEXT}`,
    audience: 'Founders and marketing leads of small online businesses',
    platforms: PLATFORMS,
    questions: QUESTIONS_1001,
    competitors: COMPETITORS_1001,
    dailyDays: 90,
    historyDays: 735,
    namedRate: 0.6,
    negativeRate: 0.08,
    drawbackRate: 0.1,
    offTopicRate: 0.05,
    citedDomains: [
      'brightlane.example',
      'g2.example',
      'capterra.example',
      'reddit.example',
      'techradar.example',
      'wikipedia.example',
      'lumen-analytics.example',
    ],
    google: {
      fetchedDaysAgo: 1,
      storedDays: 740,
      scale: 4000,
      minCtr: 0.004,
      queries: 120,
      pages: 70,
      countries: 60,
      questionQueries: 1200,
    },
    // data-api 2.5: at least one stale source, so front ends show the flag.
    bing: {
      fetchedDaysAgo: 9,
      storedDays: 740,
      scale: 600,
      minCtr: 0.003,
      queries: 45,
      pages: 30,
      countries: 20,
      questionQueries: 0,
    },
    ga4: ga4Source({ fetchedDaysAgo: 1, storedDays: 740, scale: 300, pages: 40 }),
    hostile: true,
  }),
  project({
    id: 1002,
    account: 'A',
    brand_name: 'Fernhill Bakery',
    brand_website: 'https://fernhill-bakery.example',
    country: 'GB',
    language: 'en',
    category: 'Local bakery',
    description: 'A family bakery in Bristol with online pre-orders.',
    audience: 'Local customers',
    trade: BAKERY_TRADE,
    platforms: ['chatgpt', 'perplexity', 'gemini'],
    questions: [
      'Best bakery in Bristol for sourdough?',
      'Where can I pre-order a birthday cake in Bristol?',
    ],
    competitors: rivalsInOrder('Crumb & Co', 'Harbourside Loaves', 'The Rye Room'),
    dailyDays: 0,
    historyDays: 120,
    namedRate: 0.3,
    negativeRate: 0.05,
    drawbackRate: 0.05,
    offTopicRate: 0.05,
    citedDomains: ['fernhill-bakery.example', 'tripadvisor.example', 'yelp.example'],
    google: {
      fetchedDaysAgo: 2,
      storedDays: 400,
      scale: 120,
      minCtr: 0.01,
      queries: 30,
      pages: 12,
      countries: 5,
      questionQueries: 40,
    },
  }),
  project({
    id: 1003,
    account: 'A',
    brand_name: 'Quillstone Legal',
    brand_website: 'https://quillstone.example',
    country: 'DE',
    language: 'de',
    category: 'Legal services',
    description: 'Kanzlei für Arbeitsrecht in Berlin.',
    audience: 'Employees and small employers',
    trade: LAW_TRADE,
    platforms: ['chatgpt', 'perplexity', 'gemini', 'claude'],
    questions: [
      'Bester Anwalt für Arbeitsrecht in Berlin?',
      'Was kostet eine Erstberatung im Arbeitsrecht?',
      'Kündigungsschutzklage Anwalt Berlin Erfahrungen',
      'Welche Kanzlei hilft bei Abfindungen?',
      'Online Rechtsberatung Arbeitsrecht seriös?',
    ],
    competitors: rivalsInOrder('Kanzlei Morgenrot', 'Recht & Rat Berlin', 'Paragraf Plus'),
    // Under 30 days of checks: every longer period falls back (data-api 8).
    dailyDays: 18,
    historyDays: 18,
    unjudgedDays: 2,
    namedRate: 0.35,
    negativeRate: 0.06,
    drawbackRate: 0.1,
    offTopicRate: 0.05,
    citedDomains: ['quillstone.example', 'anwalt.example', 'wikipedia.example'],
    google: {
      fetchedDaysAgo: 1,
      storedDays: 20,
      scale: 200,
      minCtr: 0.005,
      queries: 25,
      pages: 10,
      countries: 4,
      questionQueries: 30,
    },
    ga4: ga4Source({ fetchedDaysAgo: 1, storedDays: 20, scale: 15, pages: 8 }),
  }),
  project({
    id: 2001,
    account: 'B',
    brand_name: 'Tallgrass Outfitters',
    brand_website: 'https://tallgrass.example',
    country: 'CA',
    language: 'en',
    category: 'Outdoor gear retailer',
    description: 'Outdoor clothing and camping gear, shipped across Canada.',
    audience: 'Hikers and campers in Canada',
    trade: OUTDOOR_TRADE,
    platforms: ['chatgpt', 'perplexity', 'gemini', 'claude', 'ai_overviews'],
    questions: [
      'Best outdoor gear store in Canada?',
      'Where to buy a warm winter jacket online in Canada?',
      'Good Canadian brands for camping gear?',
      'Tallgrass Outfitters reviews',
      'Best hiking boots retailer in Calgary?',
      'Which store has the best return policy for tents?',
    ],
    competitors: rivalsInOrder('Ridgeback Supply', 'Cedar & Stone', 'Polar Trail Co'),
    dailyDays: 150,
    historyDays: 150,
    // No priority signals: always named, never negative, no drawbacks, on topic.
    namedRate: 1,
    negativeRate: 0,
    drawbackRate: 0,
    offTopicRate: 0,
    citedDomains: ['tallgrass.example', 'outdoorgearlab.example', 'reddit.example'],
    google: {
      fetchedDaysAgo: 1,
      storedDays: 400,
      scale: 900,
      minCtr: 0.08,
      queries: 40,
      pages: 20,
      countries: 8,
      questionQueries: 120,
    },
  }),
  // The showcase account's one project: what a customer's data usually looks
  // like (every source connected and fresh, no hostile values), for the
  // gallery's first screen. Its own account, so the demo's clicking around
  // never spends account A's budget on it.
  project({
    id: 3001,
    account: 'C',
    brand_name: 'Northwind Outdoor',
    brand_website: 'https://northwind-outdoor.example',
    country: 'US',
    language: 'en',
    category: 'Outdoor gear and apparel',
    description:
      'Northwind Outdoor sells hiking, camping and trail-running gear online and in 14 stores.',
    audience: 'Hikers, campers and trail runners in the United States',
    trade: OUTDOOR_TRADE,
    platforms: PLATFORMS,
    questions: [
      'What are the best hiking boots for beginners?',
      'Which online store has the best selection of camping gear?',
      'Northwind Outdoor vs Summit Supply: which is better for tents?',
      'Best lightweight backpacking tent under $300?',
      'Where can I buy trail running shoes with free returns?',
      'Which outdoor retailers have a good rewards program?',
      'What do reviewers say about Northwind Outdoor?',
      'Best rain jackets for hiking in 2026?',
      'Which stores rent camping equipment?',
      'Good brands for warm sleeping bags?',
    ],
    competitors: rivalsInOrder(
      'Summit Supply',
      'Ridgeline Co',
      'Trailhead Outfitters',
      'Cascade Gear',
      'Pinewood Sports',
      'Basecamp Market',
    ),
    dailyDays: 90,
    historyDays: 735,
    namedRate: 0.55,
    negativeRate: 0.06,
    drawbackRate: 0.1,
    offTopicRate: 0.04,
    citedDomains: [
      'northwind-outdoor.example',
      'outdoorgearlab.example',
      'reddit.example',
      'rei-journal.example',
      'switchbacktravel.example',
      'wikipedia.example',
    ],
    google: {
      fetchedDaysAgo: 1,
      storedDays: 740,
      scale: 3000,
      minCtr: 0.004,
      queries: 100,
      pages: 60,
      countries: 30,
      questionQueries: 600,
    },
    bing: {
      fetchedDaysAgo: 1,
      storedDays: 740,
      scale: 500,
      minCtr: 0.003,
      queries: 40,
      pages: 25,
      countries: 10,
      questionQueries: 0,
    },
    ga4: ga4Source({ fetchedDaysAgo: 1, storedDays: 740, scale: 250, pages: 35 }),
  }),
];

export const projectSpec = (id: number): ProjectSpec | undefined =>
  PROJECT_SPECS.find((spec) => spec.id === id);

/** Cited URL planted in 1001's answers and citations. */
export const HOSTILE_CITATION = JAVASCRIPT_URL;
