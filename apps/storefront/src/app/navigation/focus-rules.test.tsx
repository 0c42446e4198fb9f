import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render-route';

describe('focus on route change (issue 13)', () => {
  it('leaves the first page alone, then moves focus to the new page heading', async () => {
    const { router } = renderRoute('/this/does/not/exist');
    const first = await screen.findByRole('heading', { level: 1, name: 'Oops!' });
    expect(first).not.toHaveFocus();

    await router.navigate('/login');
    const heading = await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');

    await router.navigate('/still/not/here');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Oops!' })).toHaveFocus(),
    );
  });
});
