import { useCallback } from 'react';
import { useSellerConfig } from '@/config/seller-config';
import { formatText } from '@/ui/text/format-text';

/**
 * Text lookup for one feature's default strings. spec: shopping §1 — sellers may override any
 * text string by key through `config.text_strings`.
 */
export function useStrings<T extends Record<string, string>>(
  defaults: T,
): (key: keyof T & string, vars?: Record<string, string | number>) => string {
  const overrides = useSellerConfig().text_strings;
  return useCallback(
    (key, vars) => formatText(overrides[key] ?? defaults[key] ?? key, vars),
    [overrides, defaults],
  );
}
