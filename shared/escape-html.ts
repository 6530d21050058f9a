/**
 * Text or an attribute value, escaped so that it stays text in either place: the one escape
 * every server-written page uses (the proxy's cards, embeds, client links and portfolio, the
 * alert emails, the paste-install page), so hostile API text is inert the same way everywhere
 * (docs/security.md).
 */
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const SPECIAL = /[&<>"']/g;

export const escapeHtml = (text: string): string => text.replace(SPECIAL, (c) => ESCAPES[c]!);
