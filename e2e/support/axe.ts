import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) on the current page and throws, listing every rule
 * and element, when any violation is serious or critical ("Accessible by construction").
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // a dialog fading in or out is drawn half transparent: axe would judge its colours mid-way
  // (a contrast failure seen in CI). Wait for finite animations and transitions to end first.
  await page.waitForFunction(
    () =>
      // react-aria marks an overlay that is leaving until its exit animation has ended
      !document.querySelector('[data-exiting]') &&
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 10_000 },
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = results.violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''));
  if (blocking.length === 0) return;
  const report = blocking
    .map((v) => {
      const targets = v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n');
      return `- [${v.impact}] ${v.id}: ${v.help}\n${targets}`;
    })
    .join('\n');
  throw new Error(`axe found serious/critical violations on ${page.url()}:\n${report}`);
}
