/** Small helpers for reading widgets' shadow DOM in happy-dom suites. */
import { pollUntil } from '../../support/poll.js';

export function shadow(element: Element): ShadowRoot {
  const root = element.shadowRoot;
  if (!root) throw new Error(`${element.localName} has no shadow root (not upgraded?)`);
  return root;
}

export function part(element: Element, name: string): HTMLElement | null {
  return shadow(element).querySelector<HTMLElement>(`[part~="${name}"]`);
}

export function parts(element: Element, name: string): HTMLElement[] {
  return [...shadow(element).querySelectorAll<HTMLElement>(`[part~="${name}"]`)];
}

/** The visible text, whitespace collapsed. */
export function text(node: Node | null | undefined): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Resolves when the widget has settled: not busy, after its last render. */
export async function settled(
  element: Element & { updateComplete?: Promise<boolean> },
  timeout = 5000,
) {
  await pollUntil(
    async () => {
      await element.updateComplete;
      const base = element.shadowRoot?.querySelector('[part~="base"]');
      return base?.getAttribute('aria-busy') === 'false';
    },
    { what: `${element.localName} to stop being busy`, timeoutMs: timeout, intervalMs: 5 },
  );
}

export function mount<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string>,
  parent: Element = document.body,
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  parent.append(element);
  return element;
}
