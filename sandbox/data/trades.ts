/**
 * The words a project's generated data is made of: search queries, question
 * queries, its site's pages, the sites AI answers cite, drawbacks and the
 * filler of answer texts. Each showcase project speaks its own trade (an
 * outdoor store's opportunities are about boots, not dashboards). Every list
 * keeps the default's length, so the seeded figures of a project do not move
 * when its words do (sandbox/data/search.ts, answers.ts pick by index).
 */

export interface Trade {
  /** 8 topics and 10 modifiers: queries are "modifier topic". */
  topics: readonly string[];
  modifiers: readonly string[];
  /** 8 question starts and 8 ends: question queries are "start topic end?". */
  questionStarts: readonly string[];
  questionEnds: readonly string[];
  /** 10 page paths of the brand's site. */
  pageSlugs: readonly string[];
  /** 6 paths of cited pages on other sites. */
  citedPaths: readonly string[];
  /** 4 drawbacks an answer may name. */
  drawbacks: readonly string[];
  /** 6 sentences an answer's text is padded with. */
  filler: readonly string[];
}

/** Marketing analytics software (project 1001, whose figures the suites pin). */
export const SOFTWARE_TRADE: Trade = {
  topics: [
    'analytics',
    'dashboard',
    'reporting',
    'attribution',
    'tracking',
    'metrics',
    'roi',
    'kpi',
  ],
  modifiers: [
    'best',
    'free',
    'cheap',
    'top',
    'simple',
    'online',
    'small business',
    'ecommerce',
    'agency',
    '2026',
  ],
  questionStarts: [
    'how to',
    'what is',
    'which',
    'why does',
    'can i',
    'how do i',
    'is there',
    'where to find',
  ],
  questionEnds: [
    'for a small shop',
    'without a developer',
    'in ga4',
    'for an agency',
    'on a budget',
    'step by step',
    'with ai',
    'for beginners',
  ],
  pageSlugs: [
    'pricing',
    'features',
    'blog',
    'docs',
    'compare',
    'guides',
    'integrations',
    'about',
    'case-studies',
    'templates',
  ],
  citedPaths: ['pricing', 'reviews', 'blog/comparison', 'guide', 'features', 'docs/setup'],
  drawbacks: [
    'steep learning curve',
    'pricing rises quickly with more seats',
    'limited support on weekends',
    'fewer integrations than rivals',
  ],
  filler: [
    'Pricing is transparent and there is a free trial.',
    'Setup takes under an hour for most shops.',
    'Reviews highlight the clear dashboards and helpful support.',
    'Larger teams may prefer a tool with more custom reports.',
    'Consider data residency and privacy needs before choosing.',
    'Most options integrate with common ecommerce platforms.',
  ],
};

/** An outdoor gear store (2001, 3001). */
export const OUTDOOR_TRADE: Trade = {
  topics: [
    'hiking boots',
    'backpacking tent',
    'rain jacket',
    'sleeping bag',
    'trail running shoes',
    'camping stove',
    'daypack',
    'down jacket',
  ],
  modifiers: [
    'best',
    'lightweight',
    'waterproof',
    'cheap',
    'womens',
    'mens',
    'sale',
    'ultralight',
    'winter',
    '2026',
  ],
  questionStarts: [
    'how to choose',
    'what is the best',
    'which',
    'how to clean',
    'do i need',
    'how to pack',
    'is a',
    'where to buy',
  ],
  questionEnds: [
    'for beginners',
    'for a first thru-hike',
    'for wet weather',
    'for winter camping',
    'on a budget',
    'for kids',
    'for long distance',
    'near me',
  ],
  pageSlugs: [
    'hiking-boots',
    'tents',
    'rain-jackets',
    'sleeping-bags',
    'trail-running',
    'camp-kitchen',
    'stores',
    'rentals',
    'sale',
    'buying-guides',
  ],
  citedPaths: [
    'reviews/hiking-boots',
    'best-tents',
    'rain-jacket-test',
    'r/campinggear',
    'buying-guide',
    'store-locator',
  ],
  drawbacks: [
    'sizes sell out quickly',
    'shipping to rural areas is slow',
    'fewer budget options than rivals',
    'returns must go back in store',
  ],
  filler: [
    'Free returns within 60 days make it an easy first choice.',
    'Its staff give sound advice on fitting boots.',
    'Reviewers praise the range of tents and sleeping bags.',
    'Budget hikers may find cheaper basics elsewhere.',
    'Check the store locator for rentals before a trip.',
    'Its buying guides explain waterproof ratings clearly.',
  ],
};

/** A local bakery (1002). */
export const BAKERY_TRADE: Trade = {
  topics: [
    'sourdough',
    'birthday cake',
    'croissants',
    'bakery',
    'wedding cake',
    'gluten free bread',
    'cinnamon buns',
    'bread',
  ],
  modifiers: [
    'best',
    'fresh',
    'local',
    'order',
    'vegan',
    'organic',
    'near me',
    'bristol',
    'same day',
    'artisan',
  ],
  questionStarts: [
    'where to buy',
    'what is the best',
    'which',
    'how much is',
    'can i order',
    'how long does',
    'is there',
    'who sells',
  ],
  questionEnds: [
    'in bristol',
    'for a party',
    'near clifton',
    'on a sunday',
    'for delivery',
    'for 20 people',
    'this weekend',
    'without gluten',
  ],
  pageSlugs: [
    'menu',
    'cakes',
    'bread',
    'pre-order',
    'about',
    'visit',
    'wholesale',
    'gift-cards',
    'allergens',
    'journal',
  ],
  citedPaths: ['reviews', 'restaurant-guide', 'best-bakeries', 'menu', 'photos', 'listing'],
  drawbacks: [
    'queues on Saturday mornings',
    'sells out by noon',
    'few seats inside',
    'pre-orders need two days',
  ],
  filler: [
    'Its sourdough sells out early at weekends.',
    'Cakes can be pre-ordered online two days ahead.',
    'Reviewers praise the croissants and friendly staff.',
    'Some visitors find the shop small and busy.',
    'Gluten-free loaves are baked on Fridays.',
    'It is a short walk from the harbourside.',
  ],
};

/** An employment-law firm in Berlin (1003), in German as its questions are. */
export const LAW_TRADE: Trade = {
  topics: [
    'anwalt arbeitsrecht',
    'kündigung',
    'abfindung',
    'arbeitsvertrag',
    'kündigungsschutzklage',
    'erstberatung',
    'aufhebungsvertrag',
    'arbeitszeugnis',
  ],
  modifiers: [
    'berlin',
    'kosten',
    'fachanwalt',
    'online',
    'schnell',
    'erfahrungen',
    'kostenlos',
    'beste',
    'mitte',
    '2026',
  ],
  questionStarts: [
    'wie hoch ist',
    'was kostet',
    'welcher',
    'wann lohnt',
    'brauche ich',
    'wie lange dauert',
    'gibt es',
    'wo finde ich',
  ],
  questionEnds: [
    'in berlin',
    'nach 10 jahren',
    'in der probezeit',
    'als arbeitgeber',
    'mit rechtsschutz',
    'ohne anwalt',
    'bei krankheit',
    'für teilzeit',
  ],
  pageSlugs: [
    'arbeitsrecht',
    'kuendigung',
    'abfindung',
    'kosten',
    'team',
    'kontakt',
    'ratgeber',
    'arbeitgeber',
    'erstberatung',
    'impressum',
  ],
  citedPaths: [
    'ratgeber/kuendigung',
    'bewertungen',
    'anwaltssuche',
    'abfindung-rechner',
    'arbeitsrecht',
    'faq',
  ],
  drawbacks: [
    'Termine oft erst in zwei Wochen',
    'Erstberatung kostenpflichtig',
    'keine Beratung am Wochenende',
    'wenig Online-Beratung',
  ],
  filler: [
    'Die Kanzlei ist auf Arbeitsrecht spezialisiert.',
    'Eine Erstberatung ist kurzfristig möglich.',
    'Bewertungen loben die klare Einschätzung der Chancen.',
    'Bei hohen Streitwerten lohnt ein Vergleich der Kosten.',
    'Rechtsschutzversicherungen übernehmen oft die Kosten.',
    'Die Kanzlei liegt zentral in Berlin-Mitte.',
  ],
};

/** The words of a project's data: its trade's, else the software trade's. */
export const tradeOf = (spec: { trade?: Trade | undefined }): Trade => spec.trade ?? SOFTWARE_TRADE;
