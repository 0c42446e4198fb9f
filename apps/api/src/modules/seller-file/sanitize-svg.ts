import { Parser } from 'htmlparser2';
import { escapeHtml } from '@/lib/escape-html';

/**
 * A seat layout's background markup (`other_elements`, decision 0052) made safe to draw inside
 * the storefront's <svg>: only shape, text and grouping elements with presentation attributes
 * are kept; scripts, foreign objects, links, event handlers, `href`/`xlink:href` and any
 * `url(…)`, `javascript:` or `expression(` value are dropped. An allow-list over a real parser
 * (htmlparser2 in XML mode) rather than a block-list: what is not known is not written.
 */
const ELEMENTS = new Set([
  'g',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'path',
  'text',
  'tspan',
  'title',
  'desc',
]);

const ATTRIBUTES = new Set([
  'id',
  'class',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'width',
  'height',
  'd',
  'points',
  'transform',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'opacity',
  'font-size',
  'font-family',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'dx',
  'dy',
  'rotate',
  'style',
]);

/** Values that could fetch or run something: no url(), no script schemes, no expressions. */
const UNSAFE_VALUE = /url\s*\(|javascript:|vbscript:|data:|expression\s*\(|@import|\\/i;

/** Drops what is not allowed; elements not allowed are dropped with everything inside them. */
export function sanitizeSvgMarkup(markup: string): string {
  let out = '';
  // the depth of an element being dropped: its whole subtree goes (a <script>'s text with it)
  let dropping = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (dropping > 0 || !ELEMENTS.has(name)) {
          dropping += 1;
          return;
        }
        const kept = Object.entries(attributes)
          .filter(([key, value]) => ATTRIBUTES.has(key) && !UNSAFE_VALUE.test(value))
          .map(([key, value]) => ` ${key}="${escapeHtml(value)}"`)
          .join('');
        out += `<${name}${kept}>`;
      },
      ontext(text) {
        if (dropping === 0) out += escapeHtml(text);
      },
      onclosetag(name) {
        if (dropping > 0) {
          dropping -= 1;
          return;
        }
        out += `</${name}>`;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(markup);
  parser.end();
  return out.trim();
}
