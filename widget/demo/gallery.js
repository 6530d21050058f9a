// The gallery's wiring. Contract with the page's server (npm start):
//   window.AIVIS_DEMO = {
//     baseUrl: 'http://127.0.0.1:8080',            // proxy for account A (projects 1001-1003)
//     proBaseUrl: 'http://127.0.0.1:8080/accounts/pro', // proxy for the pro account (project 2001)
//     scenarios: { expired: url, revoked: url, 'no-scope': url, free: url,
//                  'server-error': url, 'rate-limited': url, slow: url },
//     bundleUrl: '../widget/aivis-widgets.js'        // optional
//   }
// Without it, ?base-url=... (and optional ?bundle=...) on the page's URL work too.
const query = new URLSearchParams(location.search);
const demo = window.AIVIS_DEMO ?? {};
const baseUrl = demo.baseUrl ?? query.get('base-url') ?? '';
const bundleUrl = demo.bundleUrl ?? query.get('bundle') ?? '../widget/aivis-widgets.js';

const SCENARIOS = {
  expired: 'Expired token',
  revoked: 'Revoked token',
  'no-scope': 'Token without API scope',
  free: 'No paid plan',
  'server-error': 'Server error',
  'rate-limited': 'Rate limited (retries by itself)',
  slow: 'Slow answer (loading state)',
};

const { configure } = await import(bundleUrl);
configure({ baseUrl });

const make = (tag, attributes) => {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.dataset.demo = '';
  return element;
};

if (demo.proBaseUrl) {
  document
    .getElementById('pro')
    .append(make('aivis-action-plan', { project: '2001', 'base-url': demo.proBaseUrl }));
}

const scenarios = document.getElementById('scenarios');
for (const [key, label] of Object.entries(SCENARIOS)) {
  const url = demo.scenarios?.[key];
  if (!url) continue;
  const figure = document.createElement('figure');
  const caption = document.createElement('figcaption');
  caption.textContent = label;
  figure.append(caption, make('aivis-visibility-score', { project: '1001', 'base-url': url }));
  scenarios.append(figure);
}

const controls = document.getElementById('controls');
controls.addEventListener('change', () => {
  const data = new FormData(controls);
  const theme = String(data.get('theme'));
  document.body.classList.toggle('dark', theme === 'dark');
  for (const element of document.querySelectorAll('#dashboard [data-demo]')) {
    element.setAttribute('project', String(data.get('project')));
  }
  for (const element of document.querySelectorAll('[data-demo]')) {
    element.setAttribute('theme', theme);
  }
});
