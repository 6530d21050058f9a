// The gallery's wiring: the dashboard, the 240 px sidebar and one section per
// state, each showing every widget of the catalogue (widget/catalog.ts, whose
// gallery states the build writes beside the bundle as gallery-widgets.js, in
// the folder widget/ both under npm start and in dist/;
// a new element's entry puts it in every section). Contract with the
// page's server (npm start):
//   window.AIVIS_DEMO = {
//     baseUrl: 'http://127.0.0.1:8080',                  // proxy for account A (1001-1003)
//     proBaseUrl: 'http://127.0.0.1:8080/accounts/pro',  // proxy for the pro account (2001)
//     showcaseBaseUrl: 'http://127.0.0.1:8080/accounts/showcase',  // the clean project 3001
//     scenarios: [{ name: 'expired', label: 'Expired token (401)', baseUrl: url }, ...],
//     bundleUrl: '../widget/aivis-widgets.js'            // optional
//   }
// Without it, ?base-url=... (and optional ?bundle=...) on the page's URL work too.
import { WIDGETS } from '../widget/gallery-widgets.js';

const query = new URLSearchParams(location.search);
const demo = window.AIVIS_DEMO ?? {};
const baseUrl = demo.baseUrl ?? query.get('base-url') ?? '';
const bundleUrl = demo.bundleUrl ?? query.get('bundle') ?? '../widget/aivis-widgets.js';
/**
 * The first screen shows the showcase account's clean project 3001 (its own
 * budget, every source fresh); without that account, project 1001.
 */
const showcase = demo.showcaseBaseUrl
  ? { project: '3001', baseUrl: demo.showcaseBaseUrl }
  : { project: '1001', baseUrl: '' };
/** The dashboard's projects: 3001 on the showcase account, 1002 and 1003 on the demo account. */
const dashboardTarget = (project) =>
  project === showcase.project ? showcase : { project, baseUrl: '' };

/** States shown for every widget, beside the dashboard's project 1001. */
const STATES = [
  {
    key: 'hostile',
    title:
      'Hostile data: rendered inert (project 1001: a formula as a brand, script tags, a javascript: URL)',
    project: '1001',
  },
  {
    key: '1002',
    title: 'Project 1002: sources not connected, too little evidence',
    project: '1002',
  },
  { key: '1003', title: 'Project 1003: new project, the period falls back', project: '1003' },
  ...(demo.proBaseUrl
    ? [
        {
          key: 'pro',
          title: 'Pro account, project 2001: no priority signals',
          project: '2001',
          baseUrl: demo.proBaseUrl,
        },
      ]
    : []),
  {
    key: 'not-found',
    title: 'Project not found (404)',
    project: '9999',
    ...(demo.showcaseBaseUrl ? { baseUrl: demo.showcaseBaseUrl } : {}),
  },
  ...(demo.scenarios ?? []).map((scenario) => ({
    key: scenario.name,
    title: scenario.name === 'slow' ? `Loading: ${scenario.label}` : scenario.label,
    project: '1001',
    baseUrl: scenario.baseUrl,
  })),
  { key: 'invalid', title: 'Invalid attributes', project: '1001', invalid: true },
];

function make(widget, attributes) {
  const element = document.createElement(widget.tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== '' || name !== 'base-url') element.setAttribute(name, value);
  }
  element.dataset.demo = '';
  return element;
}

function cell(widget, element, wide) {
  const figure = document.createElement('figure');
  if (wide) figure.className = 'wide';
  const caption = document.createElement('figcaption');
  caption.textContent = widget.name;
  figure.append(caption, element);
  return figure;
}

// The dashboard: narrow widgets in pairs (a narrow one moves up beside the
// narrow one before it), wide ones across the row, otherwise in the catalogue's
// order, which every section below follows too; a narrow one left alone at the end takes the whole row instead of
// leaving half of it empty.
const dashboard = document.getElementById('dashboard');
const paired = [];
let unpaired;
for (const widget of WIDGETS) {
  if (widget.wide) paired.push(widget);
  else if (unpaired) {
    paired.splice(paired.indexOf(unpaired) + 1, 0, widget);
    unpaired = undefined;
  } else {
    paired.push(widget);
    unpaired = widget;
  }
}
const narrow = WIDGETS.filter((widget) => !widget.wide);
for (const widget of paired) {
  const alone = !widget.wide && narrow.length % 2 === 1 && widget === narrow.at(-1);
  const element = make(widget, {
    project: showcase.project,
    'base-url': showcase.baseUrl,
    ...widget.attributes,
  });
  element.dataset.dashboard = '';
  const figure = cell(widget, element, widget.wide || alone);
  if (widget.shot) figure.dataset.shot = widget.tag.replace('aivis-', '');
  dashboard.append(figure);
}

const sidebar = document.getElementById('sidebar');
for (const widget of paired.filter((each) => each.sidebar)) {
  sidebar.append(
    make(widget, { project: showcase.project, 'base-url': showcase.baseUrl, ...widget.attributes }),
  );
}

const states = document.getElementById('states');
for (const state of STATES) {
  const section = document.createElement('section');
  section.dataset.state = state.key;
  const heading = document.createElement('h3');
  heading.textContent = state.title;
  const grid = document.createElement('div');
  grid.className = 'state-grid';
  for (const widget of paired) {
    const attributes = {
      project: state.project,
      ...widget.attributes,
      ...(state.invalid ? widget.invalid : {}),
      ...(state.baseUrl ? { 'base-url': state.baseUrl } : {}),
    };
    grid.append(cell(widget, make(widget, attributes), false));
  }
  section.append(heading, grid);
  states.append(section);
}

const oneTag = document.querySelector('aivis-dashboard[data-dashboard]');
if (showcase.baseUrl) oneTag.setAttribute('base-url', showcase.baseUrl);
oneTag.setAttribute('project', showcase.project);

const { configure } = await import(bundleUrl);
configure({ baseUrl });

// The page's own theme follows the forced one, so Light on a dark OS is light throughout.
const controls = document.getElementById('controls');
controls.addEventListener('change', () => {
  const data = new FormData(controls);
  const theme = String(data.get('theme'));
  document.documentElement.dataset.theme = theme;
  const target = dashboardTarget(String(data.get('project')));
  for (const element of document.querySelectorAll('[data-dashboard]')) {
    if (target.baseUrl) element.setAttribute('base-url', target.baseUrl);
    else element.removeAttribute('base-url');
    element.setAttribute('project', target.project);
  }
  for (const element of document.querySelectorAll('[data-demo]')) {
    element.setAttribute('theme', theme);
  }
});
