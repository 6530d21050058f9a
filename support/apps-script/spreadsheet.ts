/**
 * A small in-memory spreadsheet with the parts of SpreadsheetApp the add-on
 * uses. Range.setValues parses text the way typing into Sheets does: a
 * leading apostrophe marks text (and is not stored in the value), and text
 * starting with =, +, - or @ becomes a formula. The tests read `formulas`
 * to prove that no API text ever became one.
 */
export type Value = string | number | boolean | Date;

interface Cell {
  value: Value;
  formula?: string;
  numberFormat?: string;
}

const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/;
/** Sheets' limits: characters in one cell, cells in one spreadsheet. */
export const CELL_CHARS_LIMIT = 50_000;
export const SPREADSHEET_CELLS_LIMIT = 10_000_000;

/** Sheets refuses the whole write when one text is longer than a cell holds. */
function checkCellText(cell: Cell): Cell {
  if (typeof cell.value === 'string' && cell.value.length > CELL_CHARS_LIMIT) {
    throw new Error(
      `Exception: Your input contains more than the maximum of ${CELL_CHARS_LIMIT} characters in a single cell.`,
    );
  }
  return cell;
}

/** What Sheets stores when a value is written with setValue(s). */
export function typed(input: Value): Cell {
  if (typeof input !== 'string') return { value: input };
  if (input.startsWith("'")) return { value: input.slice(1) };
  if (NUMBER_TEXT.test(input.trim())) return { value: Number(input) };
  if (/^[=+\-@]/.test(input)) return { value: '#FORMULA', formula: input };
  return { value: input };
}

function columnNumber(letters: string): number {
  return [...letters.toUpperCase()].reduce(
    (sum, letter) => sum * 26 + letter.charCodeAt(0) - 64,
    0,
  );
}

/**
 * What an EmbeddedChartBuilder was told, recorded for the tests (and the
 * README's dashboard picture): type, data ranges, header rows, options, anchor.
 */
export interface ChartSpecRecord {
  type: string;
  ranges: string[];
  numHeaders: number;
  options: Record<string, unknown>;
  position: { row: number; column: number };
}

export class FakeSheet {
  readonly cells = new Map<string, Cell>();
  readonly charts: ChartSpecRecord[] = [];
  frozenRows = 0;
  maxRows = 1000;
  constructor(
    readonly spreadsheet: FakeSpreadsheet,
    public name: string,
  ) {}

  getName() {
    return this.name;
  }
  getParent() {
    return this.spreadsheet;
  }
  cell(row: number, column: number): Cell | undefined {
    return this.cells.get(`${row},${column}`);
  }
  setCell(row: number, column: number, cell: Cell) {
    this.cells.set(`${row},${column}`, cell);
    this.maxRows = Math.max(this.maxRows, row);
  }
  getRange(a: number | string, column?: number, rows = 1, columns = 1): FakeRange {
    if (typeof a === 'string') {
      const match = /^([A-Z]+)(\d+)?(?::([A-Z]+)(\d+)?)?$/i.exec(a);
      if (!match) throw new Error(`Exception: Range not found: ${a}`);
      const startColumn = columnNumber(match[1]!);
      const startRow = match[2] ? Number(match[2]) : 1;
      const endColumn = match[3] ? columnNumber(match[3]) : startColumn;
      const endRow = match[4] ? Number(match[4]) : match[2] && !match[3] ? startRow : this.maxRows;
      return new FakeRange(
        this,
        startRow,
        startColumn,
        endRow - startRow + 1,
        endColumn - startColumn + 1,
      );
    }
    if (column === undefined) throw new Error('Exception: column is required');
    return new FakeRange(this, a, column, rows, columns);
  }
  getLastRow() {
    let last = 0;
    for (const key of this.cells.keys()) last = Math.max(last, Number(key.split(',')[0]));
    return last;
  }
  getLastColumn() {
    let last = 0;
    for (const key of this.cells.keys()) last = Math.max(last, Number(key.split(',')[1]));
    return last;
  }
  getMaxRows() {
    return this.maxRows;
  }
  clearContents() {
    this.cells.clear();
    return this;
  }
  clear() {
    return this.clearContents();
  }
  setFrozenRows(rows: number) {
    this.frozenRows = rows;
  }
  getCharts() {
    return [...this.charts];
  }
  newChart() {
    const chart: ChartSpecRecord = {
      type: '',
      ranges: [],
      numHeaders: 0,
      options: {},
      position: { row: 1, column: 1 },
    };
    const onThisSheet = (range: FakeRange) => range.getSheet() === this;
    const builder = {
      setChartType(type: string) {
        chart.type = type;
        return builder;
      },
      addRange(range: FakeRange) {
        if (!onThisSheet(range)) throw new Error('Exception: the range is on another sheet');
        chart.ranges.push(range.getA1Notation());
        return builder;
      },
      setNumHeaders(headers: number) {
        chart.numHeaders = headers;
        return builder;
      },
      setOption(key: string, value: unknown) {
        chart.options[key] = value;
        return builder;
      },
      setPosition(row: number, column: number) {
        chart.position = { row, column };
        return builder;
      },
      build: () => chart,
    };
    return builder;
  }
  insertChart(chart: ChartSpecRecord) {
    if (!chart.type || chart.ranges.length === 0)
      throw new Error('Exception: chart without type or data');
    this.charts.push(chart);
  }
  removeChart(chart: ChartSpecRecord) {
    const index = this.charts.indexOf(chart);
    if (index < 0) throw new Error('Exception: the chart is not on this sheet');
    this.charts.splice(index, 1);
  }
  /** The active cell, as the user left it (Sheet1!A1 unless a test moves it). */
  activeCell = { row: 1, column: 1 };
  getActiveCell() {
    return new FakeRange(this, this.activeCell.row, this.activeCell.column, 1, 1);
  }
  /** The stored values as a grid, rows 1..lastRow, columns 1..lastColumn. */
  grid(): Value[][] {
    const rows = this.getLastRow();
    const columns = this.getLastColumn();
    return Array.from({ length: rows }, (_, r) =>
      Array.from({ length: columns }, (_, c) => this.cell(r + 1, c + 1)?.value ?? ''),
    );
  }
  formulas(): string[] {
    return [...this.cells.values()].flatMap((cell) => (cell.formula ? [cell.formula] : []));
  }
}

function letters(column: number): string {
  let text = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    text = String.fromCharCode(65 + ((n - 1) % 26)) + text;
  return text;
}

export class FakeRange {
  constructor(
    readonly sheet: FakeSheet,
    readonly row: number,
    readonly column: number,
    readonly rows: number,
    readonly columns: number,
  ) {}
  getRow() {
    return this.row;
  }
  getColumn() {
    return this.column;
  }
  getNumRows() {
    return this.rows;
  }
  getNumColumns() {
    return this.columns;
  }
  getSheet() {
    return this.sheet;
  }
  getA1Notation() {
    if (this.rows === 1 && this.columns === 1) return `${letters(this.column)}${this.row}`;
    return `${letters(this.column)}${this.row}:${letters(this.column + this.columns - 1)}${this.row + this.rows - 1}`;
  }
  getValues(): Value[][] {
    return Array.from({ length: this.rows }, (_, r) =>
      Array.from(
        { length: this.columns },
        (_, c) => this.sheet.cell(this.row + r, this.column + c)?.value ?? '',
      ),
    );
  }
  getValue(): Value {
    return this.sheet.cell(this.row, this.column)?.value ?? '';
  }
  setValues(values: Value[][]) {
    if (values.length !== this.rows || values.some((row) => row.length !== this.columns)) {
      throw new Error(
        `Exception: The number of rows or columns in the data does not match the range. The data has ${values.length} rows but the range has ${this.rows}.`,
      );
    }
    const after = this.sheet.spreadsheet.cellCount() + this.rows * this.columns;
    if (after > SPREADSHEET_CELLS_LIMIT) {
      throw new Error(
        `Exception: This action would increase the number of cells in the workbook above the limit of ${SPREADSHEET_CELLS_LIMIT} cells.`,
      );
    }
    const cells = values.map((row) => row.map((value) => checkCellText(typed(value))));
    cells.forEach((row, r) => {
      row.forEach((cell, c) => {
        this.sheet.setCell(this.row + r, this.column + c, cell);
      });
    });
    return this;
  }
  setValue(value: Value) {
    this.sheet.setCell(this.row, this.column, checkCellText(typed(value)));
    return this;
  }
  setFormula(formula: string) {
    if (!formula.startsWith('=')) throw new Error('Exception: a formula starts with =');
    this.sheet.setCell(this.row, this.column, { value: '#FORMULA', formula });
    return this;
  }
  setNumberFormat(format: string) {
    for (let r = 0; r < this.rows; r++)
      for (let c = 0; c < this.columns; c++) {
        const cell = this.sheet.cell(this.row + r, this.column + c) ?? { value: '' };
        this.sheet.setCell(this.row + r, this.column + c, { ...cell, numberFormat: format });
      }
    return this;
  }
}

export class FakeSpreadsheet {
  readonly sheets: FakeSheet[] = [];
  readonly namedRanges = new Map<string, FakeRange>();
  readonly toasts: string[] = [];
  active: FakeSheet;
  constructor(readonly id = 'fake-spreadsheet-id') {
    this.active = new FakeSheet(this, 'Sheet1');
    this.sheets.push(this.active);
  }
  getActiveSheet() {
    return this.active;
  }
  setActiveSheet(sheet: FakeSheet) {
    this.active = sheet;
    return sheet;
  }
  getId() {
    return this.id;
  }
  getUrl() {
    return `https://docs.google.com/spreadsheets/d/${this.id}/edit`;
  }
  getSheets() {
    return [...this.sheets];
  }
  /** Cells written so far, for the 10-million-cell limit (an upper bound of what Sheets counts). */
  cellCount() {
    return this.sheets.reduce((sum, sheet) => sum + sheet.cells.size, 0);
  }
  getSheetByName(name: string) {
    return this.sheets.find((sheet) => sheet.name === name) ?? null;
  }
  insertSheet(name: string) {
    if (this.getSheetByName(name))
      throw new Error(`Exception: A sheet with the name "${name}" already exists.`);
    const sheet = new FakeSheet(this, name);
    this.sheets.push(sheet);
    return sheet;
  }
  getRangeByName(name: string) {
    return this.namedRanges.get(name) ?? null;
  }
  setNamedRange(name: string, range: FakeRange) {
    this.namedRanges.set(name, range);
  }
  toast(message: string) {
    this.toasts.push(message);
  }
}
