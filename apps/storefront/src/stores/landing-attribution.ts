/**
 * Where the visit came from (shopping §7: the new cart's POST my/cart/modify carries "campaign
 * query values, preloadedPromoCodes"). A landing address such as `/?utm_campaign=spring&code=
 * SPRING10` is read once at boot, before any navigation drops its query, and kept for the
 * browser tab's session (decision 0062): every cart this visit creates is attributed to the
 * campaign, and its codes are applied to each new cart (a cart that expired gets them again).
 * The last landing with a campaign wins. Storage errors (private modes) lose the attribution,
 * never the purchase.
 */

const STORAGE_KEY = 'admit.landing';
/** the cart's `campaign` is at most 100 characters, a code at most 35 (contracts/cart.ts) */
const MAX_CAMPAIGN = 100;
const MAX_CODE = 35;
const MAX_CODES = 5;

export interface LandingAttribution {
  campaign: string | null;
  promoCodes: string[];
}

const EMPTY: LandingAttribution = { campaign: null, promoCodes: [] };

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function isAttribution(value: unknown): value is LandingAttribution {
  if (typeof value !== 'object' || value === null) return false;
  const { campaign, promoCodes } = value as Record<string, unknown>;
  return (
    (campaign === null || typeof campaign === 'string') &&
    Array.isArray(promoCodes) &&
    promoCodes.every((code) => typeof code === 'string')
  );
}

/** What this visit was attributed to so far. */
export function landingAttribution(): LandingAttribution {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null');
    return isAttribution(parsed) ? parsed : EMPTY;
  } catch {
    return EMPTY;
  }
}

/**
 * Reads a landing query: `campaign` (else `utm_campaign`) names the campaign, and each `code`
 * is a promo code to preload. Values are trimmed; empty or over-long ones are ignored (the API
 * would refuse the whole reserve for them).
 */
export function attributionFromQuery(search: string): LandingAttribution {
  const query = new URLSearchParams(search);
  const campaign = (query.get('campaign') ?? query.get('utm_campaign') ?? '').trim();
  const promoCodes = query
    .getAll('code')
    .map((code) => code.trim())
    .filter((code) => code !== '' && code.length <= MAX_CODE);
  return {
    campaign: campaign !== '' && campaign.length <= MAX_CAMPAIGN ? campaign : null,
    promoCodes,
  };
}

/** Boot: remembers the landing query's campaign and codes on top of what the visit had. */
export function rememberLanding(search: string): void {
  const landed = attributionFromQuery(search);
  if (landed.campaign === null && landed.promoCodes.length === 0) return;
  const known = landingAttribution();
  const merged: LandingAttribution = {
    campaign: landed.campaign ?? known.campaign,
    promoCodes: [...new Set([...known.promoCodes, ...landed.promoCodes])].slice(-MAX_CODES),
  };
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(merged));
  } catch {
    // a full or refused storage: the visit goes unattributed
  }
}

/**
 * A new cart's body with the visit's attribution added: a campaign or codes the form already
 * set are kept (the event page's own `code` is applied before reserving, shopping §2).
 */
export function withLandingAttribution<
  T extends { campaign?: string; preloadedPromoCodes?: string[] },
>(body: T): T {
  const { campaign, promoCodes } = landingAttribution();
  const out = { ...body };
  if (campaign !== null && out.campaign === undefined) out.campaign = campaign;
  if (promoCodes.length > 0 && out.preloadedPromoCodes === undefined)
    out.preloadedPromoCodes = [...promoCodes];
  return out;
}
