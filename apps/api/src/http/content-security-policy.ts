/**
 * The content security policy (helmet sends it on every answer). Same-origin everything; the
 * seller config rides in a JSON script element, which CSP does not execute. Framing: by default
 * only this site may frame a page; a seller's storefront pages allow the seller's configured
 * origins instead (`seller.config.site.frame_ancestors`, modules/sellers/seller-site.ts) — the
 * spec expects the storefront to be embedded by the seller's own site (identity §2 rule 8),
 * never by anyone (issue #12).
 */
import { createHash } from 'node:crypto';
import { HYDRATED_EVENT } from '@admit/contracts/storefront-pages';
import { TURNSTILE_ORIGIN } from '@admit/contracts/captcha';

/**
 * The one inline script a page may run (allowed by its hash): a page the server drew fetches
 * and runs its code after the browser's first frame (decision 0045). The page paints from its
 * HTML and styles alone, which no script download competes with on a phone's few connections;
 * two frames on (the first frame's paint is presented after its own task: a fetch started
 * right after it could end before the page was on screen), the entry is imported and every
 * module the page needs preloaded (the `admit-entry` meta's list), eight per task: adding them
 * all at once was itself a long task on a phone. A tab in the background, which draws no frame,
 * starts after 200 ms.
 *
 * Until the page has hydrated its buttons have no handlers yet: a press on one is kept (and
 * stopped, so nothing else half-handles it) and replayed, in order, once the storefront says the
 * page has hydrated (`HYDRATED_EVENT`). Links and form fields work by themselves meanwhile.
 */
export const PAINT_THEN_RUN_SCRIPT =
  'const m=document.querySelector("meta[name=admit-entry]"),p=m.dataset.preload.split(" ").filter(Boolean),k=[];' +
  'const keep=e=>{const b=e.target instanceof Element&&e.target.closest("button");' +
  'if(b&&!b.disabled){e.preventDefault();e.stopPropagation();k.push(b)}};' +
  'addEventListener("click",keep,true);' +
  `document.addEventListener("${HYDRATED_EVENT}",()=>{removeEventListener("click",keep,true);` +
  'for(const b of k)if(b.isConnected)b.click()},{once:true});' +
  'const more=()=>{for(const href of p.splice(0,8)){const l=document.createElement("link");' +
  'l.rel="modulepreload";l.crossOrigin="";l.href=href;document.head.append(l)}if(p.length)setTimeout(more)};' +
  'let run=()=>{run=null;import(m.content);more()};' +
  'requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(()=>run&&run())));' +
  'setTimeout(()=>run&&run(),200);';

const PAINT_THEN_RUN_HASH = `'sha256-${createHash('sha256').update(PAINT_THEN_RUN_SCRIPT).digest('base64')}'`;

/**
 * Stripe.js as Stripe asks a CSP to allow it (its security guide): the script and its frames
 * from js.stripe.com, 3-D Secure's frames from hooks.stripe.com, calls to api.stripe.com.
 * Without them a seller with Stripe keys could take no card in a browser.
 */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

export type CspDirectives = Record<string, string[]>;

/**
 * The policy's directives. `errorReporterDsn` (ERROR_REPORTER_DSN, identity §8): the browser
 * sends its reports to the DSN's origin, which connect-src must then allow.
 */
export function cspDirectives(errorReporterDsn?: string): CspDirectives {
  const reporter = errorReporterDsn ? [new URL(errorReporterDsn).origin] : [];
  return {
    defaultSrc: ["'self'"],
    // Cloudflare Turnstile's script and challenge frame, the guests' captcha (decision 0068)
    scriptSrc: ["'self'", PAINT_THEN_RUN_HASH, TURNSTILE_ORIGIN, ...STRIPE.script],
    frameSrc: ["'self'", TURNSTILE_ORIGIN, ...STRIPE.frame],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...STRIPE.connect, ...reporter],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
  };
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The header value of `directives` with the given frame ancestors (a seller's storefront pages). */
export function contentSecurityPolicy(
  directives: CspDirectives,
  frameAncestors: readonly string[],
): string {
  return Object.entries({ ...directives, frameAncestors })
    .map(([name, sources]) => `${kebab(name)} ${sources.join(' ')}`)
    .join(';');
}
