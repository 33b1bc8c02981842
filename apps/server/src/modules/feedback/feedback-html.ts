import sanitizeHtml from 'sanitize-html';

/**
 * What the feedback editor makes and nothing more: paragraphs, emphasis, lists, links, and images
 * that point at an inline attachment (`cid:`). Scripts, styles, event handlers and other URLs go;
 * the text inside a <script> or <style> goes with it.
 */
export function sanitizeFeedbackHtml(html: string, inlineIds: ReadonlySet<string>): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'div',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'ul',
      'ol',
      'li',
      'a',
      'blockquote',
      'code',
      'pre',
      'img',
    ],
    allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['cid'] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }),
    },
    // An image must show one of this feedback's inline files.
    exclusiveFilter: (frame) =>
      frame.tag === 'img' && !inlineIds.has((frame.attribs.src ?? '').replace(/^cid:/i, '')),
  });
}

/** The words of the feedback, for the plain-text part of the e-mail and the emptiness check. */
export function feedbackText(html: string): string {
  const withBreaks = html.replace(/<\/(p|div|li|blockquote|pre)>|<br\s*\/?>/gi, '\n');
  return sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
