import { describe, expect, it } from 'vitest';
import { sanitizedText } from '@admit/contracts/description-html';
import { sanitizeDescriptionHtml } from './description-html';

/**
 * The description's rules as the API applies them when it stores one (decision 0086), on
 * jsdom. DOMPurify is only as safe as its DOM; linkedom and happy-dom both let these through
 * (decision 0078), so a lighter DOM must pass here first.
 */
describe('sanitizeDescriptionHtml: a description as it is stored', () => {
  it.each([
    ['a script', '<p>Hi<script>steal()</script></p>', '<p>Hi</p>'],
    [
      'an event handler',
      '<p onclick="steal()">Hi <img src="x" onerror="steal()"></p>',
      '<p>Hi <img src="x"></p>',
    ],
    ['a javascript: link', '<a href="javascript:steal()">x</a>', '<a>x</a>'],
    ['a disguised javascript: link', '<a href=" JaVa&#x09;ScRiPt:steal()">x</a>', '<a>x</a>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe><p>after</p>', '<p>after</p>'],
    [
      'an object, an embed and a base',
      '<object data="x"></object><embed src="x"><base href="https://evil/">',
      '',
    ],
    ['a style sheet', '<style>@import "evil.css"</style><p>t</p>', '<p>t</p>'],
    ['a style expression', '<p style="width: expression(steal()); color: red">t</p>', '<p>t</p>'],
    [
      'an escaped style expression',
      '<p style="width: \\65 xpr/**/ession(steal())">t</p>',
      '<p>t</p>',
    ],
    [
      'a style javascript: URL',
      '<p style="background: url(&quot;javascript:steal()&quot;)">t</p>',
      '<p>t</p>',
    ],
    [
      'a form action',
      '<form action="javascript:steal()"><input formaction="javascript:x"></form>',
      '<form><input></form>',
    ],
    [
      'svg script and handlers',
      '<svg><script>steal()</script><circle r="2" onload="steal()"/></svg>',
      '',
    ],
    [
      'a noscript smuggle',
      '<noscript><p title="</noscript><img src=x onerror=steal()>"></noscript>',
      '<p></p>',
    ],
    ['a template', '<template><script>steal()</script></template><p>t</p>', '<p>t</p>'],
  ])('removes %s', async (_what, dirty, clean) => {
    const html = await sanitizeDescriptionHtml(dirty);
    expect(html).toBe(clean);
    // the browser sanitises the stored markup again: it must come back unchanged (hydration)
    expect(await sanitizeDescriptionHtml(html)).toBe(html);
    expect(html).not.toMatch(/script|on\w+=|iframe|expression|<style/i);
  });

  it('keeps what sellers write, serialised as a browser does', async () => {
    expect(
      await sanitizeDescriptionHtml(
        '<h2 class="lead">Title</h2><p style="color: red">Café &amp; <b>bold <i>both</b> it</i><br>' +
          '<a href="/visit?a=1&b=2" target="_blank">Visit</a></p><ul><li>one<li>two</ul>',
      ),
    ).toBe(
      '<h2 class="lead">Title</h2><p style="color: red">Café &amp; <b>bold <i>both</i></b><i> it</i><br>' +
        '<a href="/visit?a=1&amp;b=2" target="_blank" rel="noopener">Visit</a></p><ul><li>one</li><li>two</li></ul>',
    );
    expect(
      sanitizedText(
        await sanitizeDescriptionHtml(
          '<p>Short <b>and</b> sweet<script>x()</script> &amp; &lt;b&gt;</p>',
        ),
      ),
    ).toBe('Short and sweet & <b>');
  });
});
