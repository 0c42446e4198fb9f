import type { SellerConfig } from './seller-config';
import type { OrderProof } from './visitor-cookies';

/**
 * The storefront's server-rendering bundle as the page host loads it (decision 0044): built by
 * `vite build --ssr src/entry-server.tsx` into `apps/storefront/dist-ssr/entry-server.js`,
 * imported by the API at run time (the apps never import each other's source).
 */
export const SERVER_RENDER_ENTRY = 'entry-server.js';

/** What the page host asks the bundle to render. */
export interface ServerRenderRequest {
  /** the page's address, `/{seller}/events/…` with its query */
  url: string;
  config: SellerConfig;
  /** the initial reads the HTML carries: read address → the API's JSON text */
  reads: Readonly<Record<string, string>>;
  /** the layout to draw: the phone one when the request came from a phone */
  mobile: boolean;
  /** what the host knew of the visitor (a private page: the checkout, the completed page) */
  visitor?: ServerVisitor;
  /** aborted when the host stopped waiting */
  signal?: AbortSignal;
}

/** The `<script type="application/json">` element holding the page's `ServerVisitor`. */
export const SERVER_VISITOR_SCRIPT_ID = 'admit-server-visitor';

/**
 * What the page host knew of the visitor when it drew a private page (decision 0045), from the
 * cookies the storefront writes (contracts/visitor-cookies.ts) and the reads it made with the
 * visitor's session. The HTML carries it: the browser hydrates from the very same values (its
 * stores answer them in the hydration pass), and renders anew when what it keeps disagrees.
 */
export interface ServerVisitor {
  /** the server's clock when it drew the page (epoch ms): the hold timer starts from it */
  now: number;
  /** the held cart the checkout was drawn with, and its seconds left as the server read it */
  cart: { id: string; expiresIn: number } | null;
  /** the proof each order of the completed page was read with */
  orderProofs: Record<string, OrderProof>;
}

/** A rendered page. */
export interface ServerRenderResult {
  /** the markup that goes inside `<div id="root">` */
  html: string;
  /** CSS for the head: the seller theme's variables, which the browser sets only once it runs */
  themeCss: string;
  /** attributes of `<html>` the theme sets in the browser (lang, data-theme, data-tier) */
  htmlAttributes: Record<string, string>;
  /**
   * The page's largest images (drawn with priority), as their first `<picture>` source: the host
   * preloads them first in the head, before the scripts (the page's LCP, issue #13)
   */
  priorityImages?: { srcSet: string; sizes: string; type: string }[];
}

/** The bundle's export. */
export type RenderPage = (request: ServerRenderRequest) => Promise<ServerRenderResult>;

/** The bundle's exports: `warmUp` loads the pages' code before the first request. */
export interface ServerRenderModule {
  renderPage?: RenderPage;
  warmUp?: () => Promise<void>;
}
