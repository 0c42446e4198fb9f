import { renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { SellerConfigProvider } from '@/config/seller-config';
import { formatPageTitle } from '@/ui/page-title';
import { formatText } from '@/ui/text/format-text';
import { useStrings } from '@/ui/text/use-strings';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';

const DEFAULTS = {
  'demo.greeting': 'Hello {name}, you have {count} tickets',
  'demo.plain': 'Plain',
} as const;

describe('useStrings', () => {
  it('uses the seller override when present, else the default, filling placeholders', () => {
    const config = makeSellerConfig({ text_strings: { 'demo.greeting': 'Welcome back {name}!' } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SellerConfigProvider config={config}>{children}</SellerConfigProvider>
    );
    const { result } = renderHook(() => useStrings(DEFAULTS), { wrapper });

    expect(result.current('demo.greeting', { name: 'Ada', count: 2 })).toBe('Welcome back Ada!');
    expect(result.current('demo.plain')).toBe('Plain');
  });

  it('overrides a text on a whole route', async () => {
    renderRoute('/', {
      config: makeSellerConfig({
        text_strings: { 'home.title': 'Hello, explorer', 'home.guest.title': 'Just visiting' },
      }),
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, explorer' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Just visiting' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Already a member' })).toBeInTheDocument();
  });
});

describe('formatText', () => {
  it('fills known placeholders and leaves unknown ones visible', () => {
    expect(formatText('{count} events – {n} tickets', { count: 3 })).toBe('3 events – {n} tickets');
    expect(formatText('No placeholders')).toBe('No placeholders');
  });
});

describe('page title (shopping §1)', () => {
  it('is "{name} - {product name}", or the product name alone', () => {
    expect(formatPageTitle('Demo Museum Tickets', 'Dinosaur Hall')).toBe(
      'Dinosaur Hall - Demo Museum Tickets',
    );
    expect(formatPageTitle('Demo Museum Tickets')).toBe('Demo Museum Tickets');
  });
});
