/** Small DOM helpers. Server text only ever goes in through textContent, never parsed as HTML. */
export function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing from the page`);
  return element as T;
}

export function setText(id: string, text: string): void {
  byId(id).textContent = text;
}

export function showError(id: string, error: unknown): void {
  const box = byId(id);
  box.textContent = error instanceof Error ? error.message : String(error);
  box.hidden = false;
}

export function clear(id: string): void {
  const box = byId(id);
  box.textContent = '';
  box.hidden = true;
}

/** Disables a button while its work runs, so a double click sends one request. */
export async function busy<T>(button: HTMLButtonElement, work: () => Promise<T>): Promise<T> {
  button.disabled = true;
  try {
    return await work();
  } finally {
    button.disabled = false;
  }
}
