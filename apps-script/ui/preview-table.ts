/** The preview: the function's header and first rows as a table, every cell as text. */
import type { Preview } from '../src/server-builder.js';

export function renderPreview(container: HTMLElement, preview: Preview): void {
  const table = document.createElement('table');
  const caption = document.createElement('caption');
  caption.textContent = `Preview of ${preview.formula}`;
  table.append(caption);
  preview.values.forEach((row, index) => {
    const line = document.createElement('tr');
    for (const cell of row) {
      const element = document.createElement(index === 0 ? 'th' : 'td');
      if (index === 0) element.scope = 'col';
      element.textContent = String(cell);
      line.append(element);
    }
    table.append(line);
  });
  const notes = document.createElement('div');
  notes.className = 'note';
  notes.textContent = preview.notes.join(' · ');
  container.replaceChildren(table, notes);
}
