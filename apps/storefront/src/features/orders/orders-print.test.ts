import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postcss from 'postcss';
import type { Rule } from 'postcss';
import { describe, expect, it } from 'vitest';

/*
 * The tickets page's print stylesheet (decision 0066): jsdom applies no print media, so the
 * rules themselves are read. Each assertion fails if its rule goes (decision 0077).
 */
// the stylesheet's text as written, not the class map a CSS module import gives
const css = readFileSync(join(import.meta.dirname, 'orders.module.css'), 'utf8');
const printRules: Rule[] = [];
postcss.parse(css).walkAtRules('media', (media) => {
  if (media.params.trim() === 'print') media.walkRules((rule) => void printRules.push(rule));
});

/** The declarations in print of the rule whose selectors include `selector`. */
function printed(selector: string): Record<string, string> {
  const decls: Record<string, string> = {};
  for (const rule of printRules.filter((r) => r.selectors.includes(selector))) {
    rule.walkDecls((d) => {
      decls[d.prop] = `${d.value}${d.important ? ' !important' : ''}`;
    });
  }
  return decls;
}

describe('tickets page print stylesheet', () => {
  it('prints black text on white over any theme colour', () => {
    expect(printed('.page *')).toMatchObject({
      color: '#000 !important',
      background: 'transparent !important',
      opacity: '1 !important',
    });
    expect(printed(':global(body)')).toMatchObject({ background: '#fff !important' });
  });

  it('hides the header, navigation, footer and screen controls', () => {
    for (const chrome of [':global(header)', ':global(nav)', ':global(footer)', '.noPrint']) {
      expect(printed(chrome), chrome).toMatchObject({ display: 'none' });
    }
  });

  it('starts each ticket on a new page and never splits one', () => {
    expect(printed('.ticket')).toMatchObject({ 'break-before': 'page', 'break-inside': 'avoid' });
  });
});
