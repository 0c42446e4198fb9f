import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import type { SellerConfig } from '@admit/contracts/seller-config';
import { createQueryClient } from '@/app/query-client';
import { StorefrontApp } from '@/app/storefront-app';
import { setSellerSlug } from '@/config/seller-slug';
import { availableEventsQueryOptions } from '@/features/listing/api/get-available-events';
import { unfilteredEventsQuery } from '@/features/listing/model/available-events-query';
import { holdStoredValues } from '@/stores/persisted-store';
import { themeVariables } from '@/ui/theme/theme-variables';

// no storage on a server: the stores answer their initial values
holdStoredValues();

export interface TrialRender {
  html: string;
  state: DehydratedState;
  themeCss: string;
}

/**
 * The textbook shape: the page's loader fetches its query on the server (prefetchQuery, through
 * the storefront's own fetcher), React renders from that cache, and the cache goes into the HTML
 * (dehydrate) for the browser to hydrate from. Only the listing is wired (one loader a page).
 */
export async function render(url: string, config: SellerConfig, mobile: boolean) {
  setSellerSlug(config.seller.slug);
  const queryClient = createQueryClient();
  await queryClient.prefetchQuery(availableEventsQueryOptions(unfilteredEventsQuery()));
  const Router = ({ basename, children }: { basename: string; children: ReactNode }) => (
    <StaticRouter basename={basename} location={url}>
      {children}
    </StaticRouter>
  );
  const { prelude } = await prerender(
    <StorefrontApp
      config={config}
      queryClient={queryClient}
      serverViewport={{ mobile }}
      Router={Router}
    />,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  const state = dehydrate(queryClient);
  queryClient.clear();
  const vars = Object.entries(themeVariables(config.theme)).map(([k, v]) => `${k}:${v}`);
  const themeCss = `:root{${vars.join(';')};color-scheme:${config.theme.mode}}`;
  return { html, state, themeCss } satisfies TrialRender;
}
