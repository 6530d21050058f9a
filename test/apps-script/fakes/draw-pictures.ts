/**
 * The README's Sheets pictures, drawn from what the add-on really did:
 * - docs/images/sheets-dashboard.png: the dashboard sheet of project 1001,
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
import { startPictureSession } from './picture-session.js';

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

function chartSvg(sheet: FakeSheet, chart: ChartSpecRecord): string {
  const [header, ...rows] = sheet.getRange(chart.ranges[0]!).getValues();
  const width = 520;
  const height = 240;
  const pad = 40;
  const series = header!.slice(1).map((name, index) => ({
    name: String(name),
    color: COLORS[index % COLORS.length]!,
    values: rows.map((row) => Number(row[index + 1]) || 0),
  }));
  const max = Math.max(1, ...series.flatMap((each) => each.values));
  const parts: string[] = [];
  if (chart.type === 'BAR') {
    const band = (height - pad) / Math.max(1, rows.length);
    rows.forEach((row, index) => {
      const length = ((width - 200) * series[0]!.values[index]!) / max;
      const y = 24 + index * band;
      parts.push(
        `<text x="4" y="${y + band * 0.65}" font-size="11">${escapeHtml(cellText(row[0]!).slice(0, 26))}</text>`,
        `<rect x="190" y="${y + 2}" width="${length}" height="${band - 4}" fill="${COLORS[0]}"/>`,
      );
    });
  } else {
    const step = (width - 2 * pad) / Math.max(1, rows.length - 1);
    for (const each of series) {
      const points = each.values
        .map(
          (value, index) =>
            `${pad + index * step},${height - pad - ((height - 2 * pad) * value) / max}`,
        )
        .join(' ');
      parts.push(
        `<polyline fill="none" stroke="${each.color}" stroke-width="2" points="${points}"/>`,
      );
    }
    series.forEach((each, index) => {
      parts.push(
        `<text x="${pad + index * 120}" y="${height - 8}" font-size="11" fill="${each.color}">${escapeHtml(each.name.slice(0, 18))}</text>`,
      );
    });
  }
  return `<figure><figcaption>${escapeHtml(String(chart.options.title))}</figcaption><svg width="${width}" height="${height}" role="img">${parts.join('')}</svg></figure>`;
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
    token: 'aivis_test_entry',
    routes: { [BUILT_SERVICE_URL]: sandbox.baseUrl },
  });
  const { sheetName } = addon.call('aivisInsertDashboard', { project: 1001 }) as {
    sheetName: string;
  };
  const dashboard = await browser.newPage({ viewport: { width: 1700, height: 760 } });
  await dashboard.setContent(sheetHtml(addon.spreadsheet.getSheetByName(sheetName)!));
  await dashboard.screenshot({ path: `${OUT}/sheets-dashboard.png`, fullPage: true });

  const sidebar = await openPage(browser, addon, 'Builder');
  await sidebar.setViewportSize({ width: 300, height: 900 });
  await sidebar.locator('#project option[value="1001"]').waitFor({ state: 'attached' });
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
  await settings.fill('#token', 'aivis_test_entry');
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
