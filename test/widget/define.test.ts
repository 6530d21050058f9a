// @vitest-environment happy-dom
/**
 * The one registration step every element module takes (AivisCard.define,
 * widget/internal/define.ts): a tag is defined once, a second copy of the
 * bundle leaves the first definition, and each element's module registers
 * its tag through it under the catalogue's name.
 */
import { describe, expect, it } from 'vitest';
import '../../widget/index.js';
import '../../widget/portfolio/portfolio.js';
import { CATALOG } from '../../widget/catalog.js';
import { AivisCard } from '../../widget/internal/aivis-card.js';
import { defineElement } from '../../widget/internal/define.js';

describe('AivisCard.define', () => {
  it('defines a tag once: a second copy of the code keeps the first definition', () => {
    class First extends AivisCard {}
    class Second extends AivisCard {}
    First.define('aivis-test-card' as never);
    Second.define('aivis-test-card' as never);
    expect(customElements.get('aivis-test-card')).toBe(First);
  });

  it('defines nothing, and does not throw, where there is no custom element registry', () => {
    const registry = Object.getOwnPropertyDescriptor(globalThis, 'customElements');
    Object.defineProperty(globalThis, 'customElements', { value: undefined, configurable: true });
    try {
      expect(() => defineElement('aivis-no-dom', class extends AivisCard {})).not.toThrow();
    } finally {
      Object.defineProperty(globalThis, 'customElements', registry!);
    }
    expect(customElements.get('aivis-no-dom')).toBeUndefined();
  });

  it('has registered every element of the catalogue under its tag', () => {
    for (const tag of Object.keys(CATALOG)) expect(customElements.get(tag), tag).toBeDefined();
  });
});
