import { eventTemplateResponseSchema, type EventTemplateResponse } from '@admit/contracts/catalog';
import type { EventTemplate } from '@admit/contracts/resources';
import {
  sellerConfigSchema,
  SELLER_CONFIG_SCRIPT_ID,
  type SellerConfig,
} from '@admit/contracts/seller-config';
import type { Page } from 'playwright-core';

// Expected values in the specs come from the running API (the seed is its business),
// so the browser tests check the storefront shows what the server serves.

/** The fixed header the storefront sends on every API call (shopping §7). */
export const APP_HEADER = { 'tix-app': 'ecomm' };

/** A public API read (or write) with the storefront's app header; its JSON, or a thrown answer. */
export async function apiJson(url: string, init: RequestInit = {}): Promise<unknown> {
  const res = await fetch(url, { ...init, headers: { ...APP_HEADER, ...init.headers } });
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** GET /cached_api/events/available for a seller, with meta embedded. */
export async function fetchAvailableEvents(
  baseUrl: string,
  sellerSlug: string,
): Promise<EventTemplateResponse> {
  const url = `${baseUrl}/cached_api/events/available?_seller=${encodeURIComponent(sellerSlug)}&_embed=meta`;
  return eventTemplateResponseSchema.parse(await apiJson(url));
}

/** Events a visitor may browse: the listing shows only public_browsable templates. */
export function browsableEvents(body: EventTemplateResponse): EventTemplate[] {
  return body.event_template._data.filter((e) => e.hidden_type === 'public_browsable');
}

/** A meta value of one event template, e.g. `image_cover`. */
export function metaValue(body: EventTemplateResponse, eventId: string, key: string): unknown {
  return body.meta?._data.find((m) => m.resource_id === eventId && m.key === key)?.value;
}

/** The seller configuration the server injected into the page. */
export async function readSellerConfig(page: Page): Promise<SellerConfig> {
  const json = await page
    .locator(`script#${SELLER_CONFIG_SCRIPT_ID}`)
    .evaluate((el) => el.textContent ?? '');
  return sellerConfigSchema.parse(JSON.parse(json));
}

/** Opens the seller's events listing; its config and the admission event the listing shows. */
export async function listedAdmissionEvent(
  page: Page,
  baseUrl: string,
  sellerSlug: string,
): Promise<{ config: SellerConfig; event: EventTemplate }> {
  await page.goto(`/${sellerSlug}/events`);
  const config = await readSellerConfig(page);
  const event = browsableEvents(await fetchAvailableEvents(baseUrl, sellerSlug)).find(
    (e) => e.id === config.admission_event_id,
  );
  if (!event) throw new Error(`${sellerSlug} has no admission event on its listing`);
  return { config, event };
}
