import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * A fake `@stripe/stripe-js` for whole-route tests (no network, no script): install it with
 * `vi.mock('@stripe/stripe-js', async () => (await import('@/testing/fake-stripe')).stripeJsModule())`.
 * `stripeFake.imported` tells whether anything imported the package at all.
 */
export const stripeFake = {
  imported: false,
  loadStripe: vi.fn<(key: string) => Promise<unknown>>(),
};

export function stripeJsModule() {
  stripeFake.imported = true;
  return { loadStripe: stripeFake.loadStripe };
}

type Handler = (event: unknown) => void;

export interface WalletEvent {
  paymentMethod: { id: string; billing_details?: { address?: { postal_code?: string | null } } };
  payerName?: string;
  payerEmail?: string;
  complete: ReturnType<typeof vi.fn>;
}

/** One fake Stripe.js instance; `loadStripe` answers it until the next install. */
export function installFakeStripe(options: { wallet?: Record<string, boolean> | null } = {}) {
  const cardHandlers: Record<string, Handler> = {};
  const walletHandlers: Record<string, Handler> = {};
  let walletEvent: WalletEvent | null = null;

  const cardElement = {
    mount: vi.fn((node: HTMLElement) => {
      const frame = document.createElement('div');
      frame.dataset.testid = 'stripe-card-element';
      node.appendChild(frame);
    }),
    on: vi.fn((type: string, handler: Handler) => {
      cardHandlers[type] = handler;
      return cardElement;
    }),
    focus: vi.fn(),
    clear: vi.fn(),
    destroy: vi.fn(),
  };
  const paymentRequest = {
    canMakePayment: vi.fn(async () => options.wallet ?? null),
    on: vi.fn((type: string, handler: Handler) => {
      walletHandlers[type] = handler;
      return paymentRequest;
    }),
    off: vi.fn(),
    update: vi.fn(),
    isShowing: vi.fn(() => false),
  };
  // the browser's sheet is not there: a click on the button answers the prepared event
  const walletButton = {
    mount: vi.fn((node: HTMLElement) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Pay with wallet';
      button.addEventListener('click', () => walletHandlers.paymentmethod?.(walletEvent));
      node.appendChild(button);
    }),
    destroy: vi.fn(),
  };
  const createElement = vi.fn((type: string, _options?: unknown) =>
    type === 'card' ? cardElement : walletButton,
  );
  const stripe = {
    elements: vi.fn(() => ({ create: createElement })),
    createPaymentMethod: vi.fn(async (_data: unknown): Promise<unknown> => ({
      paymentMethod: { id: 'pm_stripe_1' },
    })),
    handleCardAction: vi.fn(async (_secret: string): Promise<unknown> => ({
      paymentIntent: { id: 'pi_1', status: 'requires_confirmation' },
    })),
    // a SetupIntent's 3-D Secure step (the account's "Replace card", decision 0067)
    handleNextAction: vi.fn(async (_options: { clientSecret: string }): Promise<unknown> => ({
      setupIntent: { id: 'seti_1', status: 'succeeded' },
    })),
    paymentRequest: vi.fn((_options: unknown) => paymentRequest),
  };
  stripeFake.loadStripe.mockImplementation(async () => stripe);

  return {
    stripe,
    cardElement,
    /** `elements().create(type, options)`: the options each element was made with */
    createElement,
    paymentRequest,
    /** Stripe's `change` event of the card field */
    async changeCard(event: { complete: boolean; error?: { message: string } }) {
      await act(async () => cardHandlers.change?.({ empty: false, ...event }));
    },
    /** what the wallet's sheet answers when the button is clicked */
    prepareWallet(event: Omit<WalletEvent, 'complete'>): WalletEvent {
      walletEvent = { ...event, complete: vi.fn() };
      return walletEvent;
    },
  };
}
