import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { setRouterBase, setSellerSlug } from '@/config/seller-slug';
import { syncCartCookie } from '@/stores/cart-store';
import { rememberLanding } from '@/stores/landing-attribution';
import { setUpAddressLookup } from '@/app/boot/address-provider';
import { hydrateServerRenderedPage } from '@/app/boot/hydrate-page';
import { loadSellerConfig } from '@/app/boot/seller-config-source';
import { createQueryClient } from '@/app/query-client';
import { StorefrontApp } from '@/app/storefront-app';
import '@/ui/styles/global.css';

async function boot(container: HTMLElement): Promise<void> {
  // the app's one query client: the boot's reads (the dev server's seller config, the address
  // lookup) and the pages rendered here all take its retry rule (decision 0050); a page the
  // host drew hydrates on a client seeded from that page's reads (hydrate-page.tsx)
  // before any navigation drops the landing query (decision 0062)
  rememberLanding(window.location.search);
  const queryClient = createQueryClient();
  try {
    const config = await loadSellerConfig(queryClient);
    setSellerSlug(config.seller.slug);
    setRouterBase(config.router_base);
    // the page host learns the held cart from its cookie (decision 0045)
    syncCartCookie();
    setUpAddressLookup(queryClient);
    // a drawn page rendered anew instead (a logged-in visitor) loses its mark once its page has
    // committed, as a hydrated one does (`PageHydrated` in app/router.tsx)
    if (await hydrateServerRenderedPage(container, config)) return;
    const root = createRoot(container);
    // a transition: React renders the first page in slices and lets the browser in between
    // (no long task on a slow phone; Lighthouse's TBT, issue #13)
    startTransition(() =>
      root.render(
        <StorefrontApp config={config} queryClient={queryClient} Router={BrowserRouter} />,
      ),
    );
  } catch (error) {
    // without a seller there is no theme nor text catalogue: say so plainly
    console.error(error);
    createRoot(container).render(
      <main style={{ padding: '4rem 1.5rem', textAlign: 'center' }}>
        <h1>This shop could not be loaded</h1>
        <p>Please check the address and try again.</p>
      </main>,
    );
  }
}

const container = document.getElementById('root');
if (container) void boot(container);
