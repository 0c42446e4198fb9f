import { createContext, useContext } from 'react';
import type { MailBrand } from '../mail-brand';

/** The seller's brand for every part of one mail (set once by `MailLayout`). */
export const BrandContext = createContext<MailBrand | null>(null);

export function useBrand(): MailBrand {
  const brand = useContext(BrandContext);
  if (!brand) throw new Error('a mail part rendered outside MailLayout');
  return brand;
}
