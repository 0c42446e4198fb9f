import DOMPurify from 'dompurify';

/**
 * Seller-authored HTML (content blocks, descriptions), sanitised before it reaches the DOM.
 * Import this only from lazily loaded code: DOMPurify must stay out of the first load.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  return (
    <div className={className} dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }} />
  );
}
