import { useEffect } from 'react';
import { useSellerConfig } from '@/config/seller-config';

export function formatPageTitle(productName: string, name?: string): string {
  return name ? `${name} - ${productName}` : productName;
}

/** spec: shopping §1 — the page title is the event name, a dash and the product name. */
export function usePageTitle(name?: string): void {
  const productName = useSellerConfig().product_name;
  useEffect(() => {
    document.title = formatPageTitle(productName, name);
  }, [productName, name]);
}
