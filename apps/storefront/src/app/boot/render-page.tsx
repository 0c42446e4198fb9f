import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { SellerConfig } from '@admit/contracts/seller-config';
import type { RenderPage, ServerRenderResult } from '@admit/contracts/server-render';
import { seedServerRenderedPage } from '@/app/boot/page-seeds';
import { createQueryClient } from '@/app/query-client';
import { holdStoredValues } from '@/stores/persisted-store';
import { StorefrontApp } from '@/app/storefront-app';
import { themeVariables } from '@/ui/theme/theme-variables';
import { PriorityImageSink, type PriorityImageHint } from '@/ui/priority-image-sink';

// a server has no storage: its stores always answer the values it draws with (decision 0045)
holdStoredValues();

/** CSS text a seller value cannot close or break out of (`<` could end the style element). */
const cssValue = (value: string) => value.replace(/[<>{};]/g, '');

function themeOf(config: SellerConfig): Pick<ServerRenderResult, 'themeCss' | 'htmlAttributes'> {
  const { theme, locale } = config;
  const declarations = Object.entries(themeVariables(theme)).map(
    ([name, value]) => `${name}:${cssValue(value)}`,
  );
  declarations.push(`color-scheme:${cssValue(theme.mode)}`);
  return {
    themeCss: `:root{${declarations.join(';')}}`,
    htmlAttributes: {
      lang: locale.split(/[-_]/)[0] || 'en',
      'data-theme': theme.mode,
      'data-tier': String(theme.tier),
    },
  };
}

/**
 * Renders a server-rendered page (contracts `serverRenderedPageOf`) to HTML: the browser's tree
 * (`app/storefront-app.tsx`) under a StaticRouter, with a query cache seeded from the reads the
 * HTML carries (as `main.tsx` seeds it before hydrating), waiting for the lazy routes. Any
 * error rejects: the host then sends the page unrendered.
 */
export const renderPage: RenderPage = async (request) => {
  const { url, config, reads, mobile, signal } = request;
  const visitor = request.visitor ?? null;
  const [pathname = '/'] = url.split(/[?#]/);
  const { searchParams: search } = new URL(url, 'http://host');
  const base = config.router_base;
  const below = pathname.startsWith(`${base}/`) ? pathname.slice(base.length + 1) : '';
  const queryClient = createQueryClient();
  const seeded = await seedServerRenderedPage(below, {
    queryClient,
    config,
    read: (address) => (address in reads ? JSON.parse(reads[address]!) : undefined),
    search,
    visitor,
    side: 'server',
  });
  if (!seeded) throw new Error(`not a server-rendered page: ${pathname}`);
  const errors: unknown[] = [];
  const priorityImages = new Map<string, PriorityImageHint>();
  const collect = (hint: PriorityImageHint) => void priorityImages.set(hint.srcSet, hint);
  const Router = ({ basename, children }: { basename: string; children: ReactNode }) => (
    <StaticRouter basename={basename} location={url}>
      {children}
    </StaticRouter>
  );
  const { prelude } = await prerender(
    <PriorityImageSink value={collect}>
      <StorefrontApp
        config={config}
        queryClient={queryClient}
        serverViewport={{ mobile }}
        serverVisitor={visitor}
        Router={Router}
      />
    </PriorityImageSink>,
    {
      signal,
      onError: (error) => void errors.push(error),
      // every boundary in place: React otherwise moves a large one (over 12.8 kB, the listing's)
      // to the end in a hidden element that an inline script reveals, which the storefront's
      // Content-Security-Policy (script-src 'self') refuses, so the page showed only once hydrated
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await new Response(prelude).text();
  queryClient.clear();
  if (signal?.aborted) throw new Error('server render aborted');
  if (errors.length > 0) throw errors[0];
  return { html, ...themeOf(config), priorityImages: [...priorityImages.values()] };
};

/**
 * Loads the server-rendered pages' code (their route modules and seeds) once at start, so the
 * first visitor's render does not wait for it and go out unrendered over the host's budget.
 */
export async function warmUp(): Promise<void> {
  await Promise.all([
    import('@/app/routes/listing-route'),
    import('@/app/routes/event-route'),
    import('@/features/listing/prefetch-listing'),
    import('@/features/event/prefetch-event'),
    import('@/app/routes/checkout-route'),
    import('@/features/checkout/prefetch-checkout'),
    import('@/features/orders/checkout-complete-route'),
    import('@/features/orders/prefetch-checkout-complete'),
  ]);
}
