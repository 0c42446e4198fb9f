import { useLayoutEffect } from 'react';
import type { ReactNode } from 'react';
import { useSellerConfig } from '@/config/seller-config';
import { applyTheme } from '@/ui/theme/theme-variables';

/** Applies the seller theme before the first paint so the page never flashes unthemed. */
export function ThemeRoot({ children }: { children: ReactNode }) {
  const { theme, locale } = useSellerConfig();
  useLayoutEffect(() => {
    applyTheme(theme);
    document.documentElement.lang = locale.split(/[-_]/)[0] || 'en';
  }, [theme, locale]);
  return <>{children}</>;
}
