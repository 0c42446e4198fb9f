import DOMPurify from 'dompurify';
import { memo, useMemo } from 'react';

/**
 * The layout's background markup (stage, aisles). The server sanitised it already; it is
 * sanitised again here with DOMPurify's SVG profile, because it reaches the DOM as markup. It is
 * parsed inside an <svg> (DOMPurify drops SVG tags met in HTML context) and only its content kept.
 */
export function sanitizeSvgMarkup(markup: string): string {
  if (!markup) return '';
  const body = DOMPurify.sanitize(`<svg xmlns="http://www.w3.org/2000/svg">${markup}</svg>`, {
    USE_PROFILES: { svg: true, svgFilters: true },
    RETURN_DOM: true,
  });
  return body instanceof Element ? (body.firstElementChild?.innerHTML ?? '') : '';
}

export const MapBackground = memo(function MapBackground({ markup }: { markup: string }) {
  const html = useMemo(() => sanitizeSvgMarkup(markup), [markup]);
  return <g aria-hidden="true" dangerouslySetInnerHTML={{ __html: html }} />;
});
