import type { Theme } from '@admit/contracts/seller-config';

/**
 * The two demo sellers' themes (apps/api/src/demo/sellers/*.yaml `settings.theme`), as the
 * viewer's fixtures: the storefront never imports the API, and the viewer needs no database
 * (decision 0081). Images are left out: the viewer shows colours, fonts, mode and tier.
 * `tools/stories-demo-themes.test.ts` keeps them equal to the seed files.
 */
const DEMO_LAYOUT = {
  logo_url: '',
  favicon_url: null,
  border_radius_px: 4,
  header_height_px: 105,
  logo_height_px: 48,
  logo_width_px: 192,
  teaser_image_size: { width: 272, height: 216 },
} satisfies Partial<Theme>;

export const DEMO_THEMES: readonly { seller: string; theme: Theme }[] = [
  {
    seller: 'demo-museum',
    theme: {
      ...DEMO_LAYOUT,
      mode: 'dark',
      tier: 2,
      colors: {
        primary: '#f2c14e',
        primaryContrast: '#14110b',
        background: '#121316',
        surface: '#1d1f24',
        text: '#f7f3ea',
        textMuted: '#b9b4a8',
        border: '#353740',
        accent: '#7cc4ff',
        danger: '#ff8a80',
        success: '#7bd88f',
      },
      fonts: {
        heading: '"DejaVu Serif", Georgia, "Times New Roman", serif',
        body: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      },
      logo_alt: 'Museum of Light & Time',
      footer_text:
        '© Museum of Light & Time · 1 Meridian Plaza, New York, NY · Open daily 10:00–17:00',
    },
  },
  {
    seller: 'harbour-aquarium',
    theme: {
      ...DEMO_LAYOUT,
      mode: 'light',
      tier: 1,
      colors: {
        primary: '#0b6e99',
        primaryContrast: '#ffffff',
        background: '#f7fbfd',
        surface: '#e6f3f8',
        text: '#0b2233',
        textMuted: '#4a6475',
        border: '#c3dbe6',
        accent: '#d9480f',
        danger: '#b3261e',
        success: '#1b7a3d',
      },
      fonts: {
        heading: '"Liberation Sans", Arial, Helvetica, sans-serif',
        body: '"Liberation Sans", Arial, Helvetica, sans-serif',
      },
      logo_alt: 'Harbour Aquarium',
      footer_text: '© Harbour Aquarium · Quayside Walk, Bristol · Registered charity no. 1000000',
    },
  },
];
