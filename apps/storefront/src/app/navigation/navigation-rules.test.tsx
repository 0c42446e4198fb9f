import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanLocation } from '@/app/navigation/clean-location';
import { renderRoute } from '@/testing/render-route';

afterEach(() => vi.restoreAllMocks());

describe('rule 1: a trailing slash is stripped except on error routes', () => {
  it('redirects /resend/ to /resend, keeping query and hash', async () => {
    const { router } = renderRoute('/resend/?email=a%40b.c#form');

    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/resend'));
    expect(router.state.location.search).toBe('?email=a%40b.c');
    expect(router.state.location.hash).toBe('#form');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Resend order e-mail' }),
    ).toBeInTheDocument();
  });

  it('keeps the slash on the 404 route', async () => {
    const { router } = renderRoute('/no/such/page/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Oops!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/demo-museum/no/such/page/');
  });

  it('leaves the seller root alone', () => {
    expect(cleanLocation({ pathname: '/', search: '', hash: '' }, 'home')).toBeNull();
  });
});

describe('rule 4: expresscheckout is removed', () => {
  it('drops expresscheckout and keeps other parameters', async () => {
    const { router } = renderRoute('/resend?expresscheckout=1&ref=mail');

    await waitFor(() => expect(router.state.location.search).toBe('?ref=mail'));
    expect(router.state.location.pathname).toBe('/demo-museum/resend');
  });
});

describe('rule 8: scrolling', () => {
  it('scrolls to the top and tells a parent frame when the route name changes', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const parent = { postMessage: vi.fn() };
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
    const { router } = renderRoute('/resend');
    await screen.findByRole('heading', { level: 1, name: 'Resend order e-mail' });
    expect(scrollTo).not.toHaveBeenCalled();

    await act(() => router.navigate('/membership'));
    await screen.findByRole('heading', { level: 1, name: 'Membership' });

    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(parent.postMessage).toHaveBeenCalledWith({ type: 'scrollTop' }, '*');
  });

  it('does not scroll when only parameters change within the same route', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderRoute('/manage/1');
    await screen.findByRole('heading', { level: 1, name: 'Manage your order' });

    await act(() => router.navigate('/manage/2'));

    expect(router.state.location.pathname).toBe('/demo-museum/manage/2');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls to the element named by the hash', async () => {
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView');
    renderRoute('/resend#main');
    await screen.findByRole('heading', { level: 1, name: 'Resend order e-mail' });

    await waitFor(() => expect(scrollIntoView).toHaveBeenCalled());
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('main'));
  });
});
