import { logoImageUrl } from '@admit/contracts/images';
import { SELLER_CONFIG_SCRIPT_ID, type SellerConfig } from '@admit/contracts/seller-config';
import { INITIAL_READS_SCRIPT_ID } from '@admit/contracts/initial-reads';
import {
  SERVER_VISITOR_SCRIPT_ID,
  type ServerRenderResult,
  type ServerVisitor,
} from '@admit/contracts/server-render';
import { SERVER_RENDER_ATTRIBUTE } from '@admit/contracts/storefront-pages';
import { escapeHtml } from '@/lib/escape-html';
import { PAINT_THEN_RUN_SCRIPT } from '@/http/content-security-policy';

export const CONFIG_MARKER = '<!--admit:config-->';
export const HEAD_MARKER = '<!--admit:head-->';
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * JSON safe inside a `<script>` element: every `<` becomes `\u003c`, so seller text such as
 * `</script>` cannot close the element (docs/decisions/0003). U+2028/2029 are escaped too.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A stylesheet link of the built head, with the whitespace before it. */
const STYLESHEET = /\s*<link rel="stylesheet"[^>]*>/g;

function headTags(
  config: SellerConfig,
  sheets: readonly string[],
  extra: readonly string[],
): string {
  const { theme } = config;
  const tags = [
    ...sheets.map((tag) => tag.trim()),
    `<meta name="theme-color" content="${escapeHtml(theme.colors.primary)}">`,
  ];
  const icon = theme.favicon_url;
  if (icon) tags.push(`<link rel="icon" href="${escapeHtml(icon)}">`);
  // the address the header draws, so the preload is the fetch the page uses
  if (theme.logo_url) {
    const logo = logoImageUrl(theme.logo_url, theme.logo_height_px);
    tags.push(`<link rel="preload" as="image" href="${escapeHtml(logo)}">`);
  }
  tags.push(...extra);
  return tags.join('\n    ');
}

function insert(html: string, marker: string, content: string, fallbackBefore: string): string {
  if (html.includes(marker)) return html.replace(marker, () => content);
  const at = html.lastIndexOf(fallbackBefore);
  return at === -1 ? html + content : html.slice(0, at) + content + html.slice(at);
}

/** Raw JSON text (an API body) made safe inside a `<script>` element, as `scriptSafeJson`. */
function scriptSafeJsonText(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** `{ [address]: body }` with each body the API's JSON text as sent. */
function initialReadsScript(reads: Readonly<Record<string, string>>): string {
  const entries = Object.entries(reads).map(
    ([address, body]) => `${scriptSafeJson(address)}:${scriptSafeJsonText(body)}`,
  );
  if (entries.length === 0) return '';
  return `<script id="${INITIAL_READS_SCRIPT_ID}" type="application/json">{${entries.join(',')}}</script>`;
}

/** A page the storefront's SSR bundle rendered (server-render.ts), and the layout it drew. */
export type RenderedPage = Pick<ServerRenderResult, 'html' | 'themeCss' | 'htmlAttributes'> & {
  mobile: boolean;
  /** what the host knew of the visitor (a private page, decision 0045): the hydration's input */
  visitor?: ServerVisitor;
};

/** The built head's entry script. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
/** A module preload of the head (the entry's and the page's code), with the whitespace before. */
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * A drawn page's code goes after its first frame (content-security-policy.ts, decision 0045):
 * the head names the entry and the modules to preload in a meta element, which the one inline
 * script CSP allows by its hash reads once the browser has painted. Lighthouse counts every
 * script that finished loading before the paint as needed for it, however low its priority.
 */
function paintThenRun(html: string): string {
  const preloads: string[] = [];
  const rest = html.replace(MODULE_PRELOAD, (_tag, href: string) => {
    preloads.push(href);
    return '';
  });
  return rest.replace(
    ENTRY_SCRIPT,
    (_tag, src: string) =>
      `<meta name="admit-entry" content="${escapeHtml(src)}" data-preload="${escapeHtml(preloads.join(' '))}">` +
      `<script type="module">${PAINT_THEN_RUN_SCRIPT}</script>`,
  );
}

/**
 * The rendered markup inside the root element, marked for hydration with the layout it drew
 * (decision 0044), the theme's variables in the head and its attributes on `<html>`, so the
 * page paints themed before any script runs. A template without an empty root is left alone.
 */
function withRenderedPage(html: string, page: RenderedPage): string {
  if (!html.includes(EMPTY_ROOT)) return html;
  const layout = page.mobile ? 'mobile' : 'desktop';
  const root = `<div id="root" ${SERVER_RENDER_ATTRIBUTE}="${layout}">${page.html}</div>`;
  const attributes = Object.entries(page.htmlAttributes)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  const visitor = page.visitor
    ? `<script id="${SERVER_VISITOR_SCRIPT_ID}" type="application/json">${scriptSafeJson(page.visitor)}</script>`
    : '';
  return paintThenRun(html)
    .replace(EMPTY_ROOT, () => root + visitor)
    .replace(/<html[^>]*>/, () => `<html${attributes}>`)
    .replace('</head>', () => `<style>${page.themeCss.replace(/</g, '')}</style></head>`);
}

/**
 * The built index.html for one seller: config script, page title and head tags; `extraHead`
 * holds tags of this page only (already escaped markup), such as an event cover's preload;
 * `reads` the API answers the page starts with (initial-reads.ts); `rendered` the page as the
 * storefront's SSR bundle drew it, if it did; `styles` the page's stylesheets (page-preloads.ts).
 */
export function renderSellerPage(
  template: string,
  config: SellerConfig,
  extraHead: readonly string[] = [],
  reads: Readonly<Record<string, string>> = {},
  rendered?: RenderedPage,
  styles: readonly string[] = [],
): string {
  const script =
    initialReadsScript(reads) +
    `<script id="${SELLER_CONFIG_SCRIPT_ID}" type="application/json">${scriptSafeJson(config)}</script>`;
  let html = insert(template, CONFIG_MARKER, script, '</body>');
  // every stylesheet first, the built head's own and then the page's (the cascade order the
  // script would give): a page the server drew paints once they have arrived, and on a phone's
  // six connections they must not wait behind the page's scripts (issue #13, decision 0045)
  const sheets: string[] = [];
  html = html.replace(STYLESHEET, (tag) => {
    sheets.push(tag);
    return '';
  });
  html = insert(html, HEAD_MARKER, headTags(config, [...sheets, ...styles], extraHead), '</head>');
  // spec: shopping §1 — the storefront later sets "{event} - {product}"; the shell shows the product
  const title = `<title>${escapeHtml(config.product_name)}</title>`;
  html = /<title>[\s\S]*?<\/title>/.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/, () => title)
    : html.replace('</head>', () => `${title}</head>`);
  return rendered ? withRenderedPage(html, rendered) : html;
}
