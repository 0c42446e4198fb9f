import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { SellerConfigProvider, useSellerConfig } from '@/config/seller-config';
import { applyTheme } from '@/ui/theme/theme-variables';
import { useStrings } from '@/ui/text/use-strings';
import { DEMO_THEMES } from '@/app/stories/demo-themes';
import { STORIES_STRINGS } from '@/app/stories/stories-strings';
import styles from '@/app/stories/stories-route.module.css';

/**
 * The viewer in either demo seller's theme (issue #25; decision 0081): the chosen theme goes on
 * the page the way the storefront puts a seller's (`applyTheme`, ui/theme/theme-root.tsx) and into the config
 * its children read; leaving the viewer puts the seller's own theme back.
 */
export function ThemeSwitch({ children }: { children: ReactNode }) {
  const t = useStrings(STORIES_STRINGS);
  const config = useSellerConfig();
  const [seller, setSeller] = useState(DEMO_THEMES[0]!.seller);
  const theme = (DEMO_THEMES.find((demo) => demo.seller === seller) ?? DEMO_THEMES[0]!).theme;
  // a passive effect runs after the layout effects of the same commit, so the chosen theme wins
  // over ThemeRoot's, which puts the seller's back whenever the config changes
  useEffect(() => {
    applyTheme(theme);
    return () => applyTheme(config.theme);
  }, [theme, config]);
  return (
    <>
      <fieldset className={styles.row}>
        <legend>{t('stories.theme')}</legend>
        {DEMO_THEMES.map((demo) => (
          <label key={demo.seller}>
            <input
              type="radio"
              name="story-theme"
              value={demo.seller}
              checked={demo.seller === seller}
              onChange={() => setSeller(demo.seller)}
            />{' '}
            {demo.theme.logo_alt}
          </label>
        ))}
      </fieldset>
      <SellerConfigProvider config={{ ...config, theme }}>{children}</SellerConfigProvider>
    </>
  );
}
