import type { RenderPage } from '@admit/contracts/server-render';

/*
 * The SSR bundle's entry (decision 0044), loaded by the API from disk at a fresh address per
 * build (`entry-server.js?v=…`, so a rebuild is picked up). It holds nothing but this door: were
 * the app's modules in this file, the split chunks of the lazy routes would import them back
 * from `../entry-server.js`, a second copy of the entry whose React contexts no provider fills
 * (every page went out undrawn: "useSellerConfig must be used inside <SellerConfigProvider>").
 * Behind a dynamic import they live in hashed chunks, one copy per build.
 */
const app = import('@/app/boot/render-page');

export const renderPage: RenderPage = async (request) => (await app).renderPage(request);

/** Loads the server-rendered pages' code at start (`render-page.tsx`'s `warmUp`). */
export async function warmUp(): Promise<void> {
  await (await app).warmUp();
}
