import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render-route';

describe('404 page (identity §2)', () => {
  it('answers an unknown address with the spec texts and a link home', async () => {
    renderRoute('/this/does/not/exist');

    expect(await screen.findByRole('heading', { level: 1, name: 'Oops!' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(
      within(main).getByText('We could not find anything at this URL. (404 Not Found)'),
    ).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      '/demo-museum',
    );
  });

  it('is the named error route /error/404 that other screens redirect to', async () => {
    const { router } = renderRoute('/error/404');

    expect(await screen.findByRole('heading', { level: 1, name: 'Oops!' })).toBeInTheDocument();
    expect(router.state.matches.at(-1)?.route.handle).toEqual({ name: 'error' });
  });
});
