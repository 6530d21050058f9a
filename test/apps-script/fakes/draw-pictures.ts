/**
 * The README's Sheets pictures, drawn from what the add-on really did:
 * - docs/images/sheets-dashboard.png: the dashboard sheet of the showcase project 3001,
 *   its cells as a grid and each chart drawn (as SVG) from the range the
 *   fake EmbeddedChartBuilder recorded, read back from the sheet;
 * - docs/images/sheets-builder.png: the Build a query sidebar in Chromium
 *   after a preview;
 * - docs/images/sheets-settings.png: the Settings sidebar of the
 *   paste-install file (AIVIS.gs), after Test connection.
 * Run: npx tsx test/apps-script/fakes/draw-pictures.ts (after npm run build:apps-script).
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PASTE_DIR, PASTE_FILE } from '../../../scripts/sheets/index.js';
import { BUILT_SERVICE_URL, loadAddon } from '../../../support/apps-script/harness.js';
import type {
  ChartSpecRecord,
  FakeSheet,
  Value,
} from '../../../support/apps-script/spreadsheet.js';
import { openPage } from './browser-pages.js';
import { SHOWCASE_PROJECT, SHOWCASE_TOKEN, startPictureSession } from './picture-session.js';

const OUT = resolve(import.meta.dirname, '../../../docs/images');
const COLORS = ['#1a73e8', '#e8710a', '#188038', '#a142f4', '#d93025'];
const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
const cellText = (value: Value) =>
  Object.prototype.toString.call(value) === '[object Date]'
    ? (value as Date).toISOString().slice(0, 10)
    : String(value);

/** A round step for about five ticks up to max: 1, 2 or 5 times a power of ten. */
function tickStep(max: number): number {
  const rough = max / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((each) => each * power).find((step) => step >= rough)!;
}

/** A chart as Sheets draws it: title, legend, gridlines, both axes with their labels. */
function chartSvg(sheet: FakeSheet, chart: ChartSpecRecord): string {
  const [header, ...rows] = sheet.getRange(chart.ranges[0]!).getValues();
  const width = 560;
  const height = 260;
  const series = header!.slice(1).map((name, index) => ({
    name: String(name),
    color: COLORS[index % COLORS.length]!,
    values: rows.map((row) => Number(row[index + 1]) || 0),
  }));
  const step = tickStep(Math.max(1, ...series.flatMap((each) => each.values)));
  const top = step * Math.ceil(Math.max(1, ...series.flatMap((each) => each.values)) / step);
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
  const parts: string[] = [];
  const text = (x: number, y: number, body: string, extra = '') =>
    `<text x="${x}" y="${y}" font-size="11" fill="#5f6368" ${extra}>${escapeHtml(body)}</text>`;
  if (chart.type === 'BAR') {
    const left = 170;
    const right = width - 40;
    const bottom = height - 28;
    const band = (bottom - 8) / Math.max(1, rows.length);
    const x = (value: number) => left + ((right - left) * value) / top;
    for (const tick of ticks) {
      parts.push(
        `<line x1="${x(tick)}" y1="8" x2="${x(tick)}" y2="${bottom}" stroke="#e0e0e0"/>`,
        text(x(tick), bottom + 16, String(tick), 'text-anchor="middle"'),
      );
    }
    rows.forEach((row, index) => {
      const y = 8 + index * band;
      const value = series[0]!.values[index]!;
      parts.push(
        text(
          left - 6,
          y + band * 0.68,
          cellText(row[0]!).slice(0, 24),
          'text-anchor="end" fill="#202124"',
        ),
        `<rect x="${left}" y="${y + 3}" width="${x(value) - left}" height="${band - 6}" fill="${COLORS[0]}"/>`,
        text(x(value) + 4, y + band * 0.68, String(value)),
      );
    });
    parts.push(`<line x1="${left}" y1="8" x2="${left}" y2="${bottom}" stroke="#5f6368"/>`);
    parts.push(
      text(
        (left + right) / 2,
        height - 2,
        series[0]!.name,
        'text-anchor="middle" font-weight="bold"',
      ),
    );
  } else {
    const left = 48;
    const right = width - 16;
    const topY = 30;
    const bottom = height - 30;
    const y = (value: number) => bottom - ((bottom - topY) * value) / top;
    const x = (index: number) => left + ((right - left) * index) / Math.max(1, rows.length - 1);
    for (const tick of ticks) {
      parts.push(
        `<line x1="${left}" y1="${y(tick)}" x2="${right}" y2="${y(tick)}" stroke="#e0e0e0"/>`,
        text(left - 6, y(tick) + 4, String(tick), 'text-anchor="end"'),
      );
    }
    // About six labels, none closer than 70 px to the one before it.
    const every = Math.max(1, Math.ceil(rows.length / 6));
    let lastLabel = -Infinity;
    rows.forEach((row, index) => {
      if (index % every !== 0 && index !== rows.length - 1) return;
      if (x(index) - lastLabel < 70) return;
      lastLabel = x(index);
      parts.push(
        `<line x1="${x(index)}" y1="${bottom}" x2="${x(index)}" y2="${bottom + 4}" stroke="#5f6368"/>`,
        text(x(index), bottom + 17, cellText(row[0]!), 'text-anchor="middle"'),
      );
    });
    parts.push(
      `<line x1="${left}" y1="${bottom}" x2="${right}" y2="${bottom}" stroke="#5f6368"/>`,
      `<line x1="${left}" y1="${topY}" x2="${left}" y2="${bottom}" stroke="#5f6368"/>`,
    );
    for (const each of series) {
      const points = each.values.map((value, index) => `${x(index)},${y(value)}`).join(' ');
      parts.push(
        `<polyline fill="none" stroke="${each.color}" stroke-width="2" points="${points}"/>`,
      );
    }
    let legendX = left;
    for (const each of series) {
      const name = each.name.slice(0, 22);
      parts.push(
        `<rect x="${legendX}" y="8" width="10" height="10" fill="${each.color}"/>`,
        text(legendX + 14, 17, name, 'fill="#202124"'),
      );
      legendX += 24 + name.length * 6.2;
    }
  }
  return `<figure><figcaption>${escapeHtml(String(chart.options.title))}</figcaption><svg width="${width}" height="${height}" role="img" font-family="Arial,sans-serif">${parts.join('')}</svg></figure>`;
}

function sheetHtml(sheet: FakeSheet): string {
  const grid = sheet
    .grid()
    .slice(0, 32)
    .map((row) => row.slice(0, 15));
  const rows = grid
    .map(
      (row) =>
        `<tr>${row.map((cell) => `<td>${escapeHtml(cellText(cell).slice(0, 48))}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(sheet.getName())}</title><style>
body{font-family:Arial,sans-serif;margin:12px;display:flex;gap:16px;align-items:flex-start}
table{border-collapse:collapse;font-size:11px}td{border:1px solid #e0e0e0;padding:2px 4px;max-width:160px;overflow:hidden;white-space:nowrap}
tr:nth-child(3) td,tr:nth-child(8) td{font-weight:bold}tr:nth-child(4) td{font-size:16px;color:#1a73e8}
figure{margin:0 0 8px;border:1px solid #dadce0;padding:6px}figcaption{font-size:12px;font-weight:bold}
</style></head><body><main><h1 style="display:none">${escapeHtml(sheet.getName())}</h1><table>${rows}</table><div>${sheet.charts.map((chart) => chartSvg(sheet, chart)).join('')}</div></main></body></html>`;
}

mkdirSync(OUT, { recursive: true });
const { sandbox, http, browser, close } = await startPictureSession();
try {
  const addon = loadAddon({
    http,
    baseUrl: sandbox.baseUrl,
    token: SHOWCASE_TOKEN,
    routes: { [BUILT_SERVICE_URL]: sandbox.baseUrl },
  });
  const { sheetName } = addon.call('aivisInsertDashboard', { project: SHOWCASE_PROJECT }) as {
    sheetName: string;
  };
  const dashboard = await browser.newPage({ viewport: { width: 1700, height: 760 } });
  await dashboard.setContent(sheetHtml(addon.spreadsheet.getSheetByName(sheetName)!));
  await dashboard.screenshot({ path: `${OUT}/sheets-dashboard.png`, fullPage: true });

  const sidebar = await openPage(browser, addon, 'Builder');
  await sidebar.setViewportSize({ width: 300, height: 900 });
  await sidebar
    .locator(`#project option[value="${SHOWCASE_PROJECT}"]`)
    .waitFor({ state: 'attached' });
  await sidebar.selectOption('#report', 'competitors:ranking');
  await sidebar.selectOption('#param-period', 'last_90_days');
  await sidebar.fill('#param-max_rows', '5');
  await sidebar.click('#preview-button');
  await sidebar.locator('#preview table').waitFor();
  await sidebar.screenshot({ path: `${OUT}/sheets-builder.png`, fullPage: true });

  const pasted = loadAddon({
    http,
    baseUrl: BUILT_SERVICE_URL,
    routes: { [BUILT_SERVICE_URL]: sandbox.baseUrl },
    script: { dir: PASTE_DIR, file: PASTE_FILE },
  });
  const settings = await openPage(browser, pasted, 'Sidebar');
  await settings.setViewportSize({ width: 300, height: 620 });
  await settings.fill('#token', SHOWCASE_TOKEN);
  await settings.click('#save');
  await settings.click('#test');
  await settings.locator('#projects li').first().waitFor();
  await settings.screenshot({ path: `${OUT}/sheets-settings.png` });
  console.log(
    `draw-pictures: wrote ${OUT}/sheets-dashboard.png, sheets-builder.png and sheets-settings.png`,
  );
} finally {
  await close();
}
