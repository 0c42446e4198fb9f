import type { Theme } from '@admit/contracts/seller-config';

/**
 * The CSS custom properties every stylesheet reads. spec: shopping §1 — colours, fonts, logos
 * and footer text are per seller; defaults radius 4 px, header 105 px, logo 32 px, tiers 1–3.
 */
export function themeVariables(theme: Theme): Record<string, string> {
  const { colors, fonts } = theme;
  return {
    '--color-primary': colors.primary,
    '--color-primary-contrast': colors.primaryContrast,
    '--color-background': colors.background,
    '--color-surface': colors.surface,
    '--color-text': colors.text,
    '--color-text-muted': colors.textMuted,
    '--color-border': colors.border,
    '--color-accent': colors.accent,
    '--color-danger': colors.danger,
    '--color-success': colors.success,
    '--font-heading': fonts.heading,
    '--font-body': fonts.body,
    '--radius': `${theme.border_radius_px}px`,
    '--header-height': `${theme.header_height_px}px`,
    '--logo-height': `${theme.logo_height_px}px`,
    '--teaser-width': `${theme.teaser_image_size.width}px`,
    '--teaser-height': `${theme.teaser_image_size.height}px`,
  };
}

/**
 * Puts the seller theme on the root element: variables, `data-theme` (dark/light),
 * `data-tier` and `color-scheme` so native controls and scrollbars match the mode.
 */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeVariables(theme))) {
    root.style.setProperty(name, value);
  }
  root.style.setProperty('color-scheme', theme.mode);
  root.dataset.theme = theme.mode;
  root.dataset.tier = String(theme.tier);
  if (theme.favicon_url) setFavicon(theme.favicon_url);
}

function setFavicon(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  link.href = href;
}
