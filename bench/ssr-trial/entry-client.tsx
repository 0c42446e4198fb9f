import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { setUpAddressLookup } from '@/app/boot/address-provider';
import { serverViewportOf } from '@/app/boot/server-render';
import { loadSellerConfig } from '@/app/boot/seller-config-source';
import { createQueryClient } from '@/app/query-client';
import { StorefrontApp } from '@/app/storefront-app';
import { setSellerSlug } from '@/config/seller-slug';
import { syncCartCookie } from '@/stores/cart-store';
import { holdStoredValues } from '@/stores/persisted-store';
import '@/ui/styles/global.css';

// the browser half of the trial: the query cache the server dehydrated into the page, then
// hydrateRoot over the server's markup (same tree as the storefront's main.tsx)
performance.mark('trial:boot');
const container = document.getElementById('root')!;
const config = await loadSellerConfig();
setSellerSlug(config.seller.slug);
syncCartCookie();
setUpAddressLookup();
const queryClient = createQueryClient();
const state = JSON.parse(document.getElementById('trial-state')!.textContent!) as DehydratedState;
hydrate(queryClient, state);
holdStoredValues();
startTransition(() => {
  hydrateRoot(
    container,
    <StorefrontApp
      config={config}
      queryClient={queryClient}
      serverViewport={serverViewportOf(container.getAttribute('data-server-render') ?? '')}
      Router={BrowserRouter}
    />,
  );
});
