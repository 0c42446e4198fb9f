import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { setSellerSlug } from '@/config/seller-slug';
import { setUpAddressLookup } from '@/app/boot/address-provider';
import { loadSellerConfig } from '@/app/boot/seller-config-source';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { AppRoutes, createRoutes, routerBasename } from '@/app/router';
import '@/ui/styles/global.css';

async function boot(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  try {
    const config = await loadSellerConfig();
    setSellerSlug(config.seller.slug);
    setUpAddressLookup();
    // a transition: React renders the first page in slices and lets the browser in between
    // (no long task on a slow phone; Lighthouse's TBT, issue #13)
    startTransition(() =>
      root.render(
        <StrictMode>
          <AppProviders config={config} queryClient={createQueryClient()}>
            <BrowserRouter basename={routerBasename(config)}>
              <AppRoutes routes={createRoutes(config)} />
            </BrowserRouter>
          </AppProviders>
        </StrictMode>,
      ),
    );
  } catch (error) {
    // without a seller there is no theme nor text catalogue: say so plainly
    console.error(error);
    root.render(
      <main style={{ padding: '4rem 1.5rem', textAlign: 'center' }}>
        <h1>This shop could not be loaded</h1>
        <p>Please check the address and try again.</p>
      </main>,
    );
  }
}

const container = document.getElementById('root');
if (container) void boot(container);
