import type { Theme } from '@admit/contracts/seller-config';

/** Colours a seller gets for any colour it does not set, per theme mode (contrast ≥ 4.5:1). */
export const DEFAULT_THEME_COLORS: Record<Theme['mode'], Theme['colors']> = {
  light: {
    primary: '#1f4fd1',
    primaryContrast: '#ffffff',
    background: '#ffffff',
    surface: '#f4f5f7',
    text: '#1a1c20',
    textMuted: '#5a606b',
    border: '#d5d9e0',
    accent: '#b4530c',
    danger: '#b3261e',
    success: '#1b7a3d',
  },
  dark: {
    primary: '#f2c14e',
    primaryContrast: '#14110b',
    background: '#121316',
    surface: '#1d1f24',
    text: '#f2f2f0',
    textMuted: '#b3b5ba',
    border: '#34373f',
    accent: '#7cc4ff',
    danger: '#ff8a80',
    success: '#7bd88f',
  },
};

export const DEFAULT_FONT_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** The listing teaser's size a seller gets unless its theme sets `teaser_image_size`. */
export const DEFAULT_TEASER_IMAGE_SIZE: Theme['teaser_image_size'] = { width: 272, height: 216 };
