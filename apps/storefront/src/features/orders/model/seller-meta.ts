import type { Meta } from '@admit/contracts/resources';

/** identity §3 "Seller meta": the completed page's customisation. */
export interface CompletedMeta {
  message: string | null;
  image: string | null;
  mobileImage: string | null;
  imageAlt: string;
  contentOffset: string | null;
  contentMobileOffset: string | null;
  links: { label: string; url: string }[];
  /** an external completed-order address: the visitor is sent there with orderIds (decision 0019) */
  externalUrl: string | null;
}

const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value : null;

function toLinks(value: unknown): CompletedMeta['links'] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const { label, url } = (item ?? {}) as { label?: unknown; url?: unknown };
    return str(label) && str(url) && /^(https?:\/\/|\/)/.test(String(url))
      ? [{ label: String(label), url: String(url) }]
      : [];
  });
}

export function completedMeta(rows: Meta[]): CompletedMeta {
  const get = (key: string) => rows.find((m) => m.resource === 'seller' && m.key === key)?.value;
  const offset = (v: unknown) => (typeof v === 'number' ? `${v}px` : str(v));
  return {
    message: str(get('completed_order_message')),
    image: str(get('completed_image')),
    mobileImage: str(get('completed_mobile_image')),
    imageAlt: str(get('completed_image_alternate_text')) ?? '',
    contentOffset: offset(get('completed_content_offset')),
    contentMobileOffset: offset(get('completed_content_mobile_offset')),
    links: toLinks(get('completed_order_links')),
    externalUrl: str(get('completed_order_url')),
  };
}

/** The external address with the order ids (identity §2 "Checkout complete"). */
export function externalCompletedUrl(base: string, orderIds: string[]): string {
  const url = new URL(base, window.location.origin);
  url.searchParams.set('orderIds', orderIds.join(','));
  return url.toString();
}
