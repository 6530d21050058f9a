// The widgets the gallery shows. Adding a widget to the gallery is one entry here:
// the dashboard, the sidebar and every state section below pick it up.
//   tag         the custom element
//   name        its caption
//   attributes  what the dashboard sets besides project (and theme, base-url)
//   invalid     attributes that make it show its validation message
//   wide        spans the dashboard's row (tables, lists of actions)
//   sidebar     shown in the 240 px sidebar too
//   shot        its dashboard cell is a README picture of its own (npm run screenshots)
export const WIDGETS = [
  {
    tag: 'aivis-visibility-score',
    name: 'Visibility score',
    // The period every other card uses by default (last 30 days), so the first screen reads as one.
    attributes: {},
    invalid: { period: 'yesterday' },
    sidebar: true,
  },
  {
    tag: 'aivis-competitor-ranking',
    name: 'Competitor ranking',
    attributes: { limit: '5', 'include-highlights': '', 'highlights-per-platform': '2' },
    invalid: { limit: '500' },
    sidebar: true,
  },
  {
    tag: 'aivis-action-plan',
    name: 'Action plan',
    attributes: {},
    invalid: { audience: 'everyone' },
    wide: true,
  },
  {
    tag: 'aivis-visibility-trend',
    shot: true,
    name: 'Visibility trend',
    attributes: { competitors: '3' },
    invalid: { months: '0' },
    wide: true,
    sidebar: true,
  },
  {
    tag: 'aivis-ai-traffic',
    shot: true,
    name: 'AI traffic',
    attributes: {},
    invalid: { window: '7d' },
    wide: true,
  },
  {
    tag: 'aivis-citations',
    shot: true,
    name: 'Cited sources',
    attributes: { limit: '5' },
    invalid: { 'group-by': 'page' },
  },
  {
    tag: 'aivis-search-opportunities',
    shot: true,
    name: 'Search opportunities',
    attributes: { limit: '3' },
    invalid: { source: 'yahoo' },
  },
];
