import { describe, expect, it } from 'vitest';
import { sanitizeSvgMarkup } from './sanitize-svg';

describe('a seat layout background keeps only safe SVG', () => {
  it('keeps shapes and text with presentation attributes', () => {
    const safe =
      '<g transform="translate(1 2)"><rect x="1" y="2" width="3" height="4" fill="#333"></rect><text x="5" y="6" text-anchor="middle">Stage &amp; pit</text></g>';
    expect(sanitizeSvgMarkup(safe)).toBe(safe);
    // idempotent: the export writes what the import stored, and a second import keeps it
    expect(sanitizeSvgMarkup(sanitizeSvgMarkup(safe))).toBe(safe);
  });

  it('drops scripts, foreign content, links, handlers and url values', () => {
    const unsafe = [
      '<script>alert(1)</script>',
      '<foreignObject><div>x</div></foreignObject>',
      '<use xlink:href="#a" href="#a"/>',
      '<a href="javascript:alert(1)"><text>link</text></a>',
      '<circle r="3" onload="alert(1)" onclick="x()"/>',
      '<rect fill="url(https://evil.example/x)" style="background:url(x)" width="2"/>',
      '<path d="M0 0" style="behavior:expression(alert(1))"/>',
      '<image href="data:image/png;base64,AAAA"/>',
      '<style>@import "x.css";</style>',
    ].join('');
    expect(sanitizeSvgMarkup(unsafe)).toBe(
      '<circle r="3"></circle><rect width="2"></rect><path d="M0 0"></path>',
    );
  });

  it('escapes what it writes back', () => {
    expect(sanitizeSvgMarkup('<text x="1&quot; onclick=&quot;x">a &lt;b&gt;</text>')).toBe(
      '<text x="1&quot; onclick=&quot;x">a &lt;b&gt;</text>',
    );
  });
});
