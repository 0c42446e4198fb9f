import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ModalStackProvider, useModalStack } from '@/ui/modal-stack';
import type { StackedModal } from '@/ui/modal-stack';

let stack: ReturnType<typeof useModalStack>;
function Probe() {
  stack = useModalStack();
  return <p>Names: {stack.names.join(',')}</p>;
}

function modal(name: string, isClosable = true): StackedModal {
  return {
    name,
    title: `Title ${name}`,
    closeLabel: 'Close',
    isClosable,
    content: () => <p>Body {name}</p>,
  };
}

function setup() {
  const user = userEvent.setup();
  render(
    <ModalStackProvider>
      <Probe />
    </ModalStackProvider>,
  );
  return user;
}

describe('modal stack (identity §2 Global dialogs)', () => {
  it('ignores a second modal with the same name', async () => {
    setup();
    act(() => {
      stack.open(modal('expired'));
      stack.open(modal('expired'));
    });
    expect(await screen.findByRole('dialog', { name: 'Title expired' })).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByText('Names: expired', { exact: false })).toBeInTheDocument();
  });

  it('closes only the top closable modal on Escape', async () => {
    const user = setup();
    act(() => stack.open(modal('first')));
    await screen.findByRole('dialog', { name: 'Title first' });
    act(() => stack.open(modal('second')));
    await screen.findByRole('dialog', { name: 'Title second' });
    expect(screen.queryByRole('dialog', { name: 'Title first' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Title second' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Title first' })).toBeInTheDocument();
    expect(stack.names).toEqual(['first']);
  });

  it('shows the upper of two modals opened at once to assistive technology', async () => {
    setup();
    act(() => {
      stack.open(modal('first'));
      stack.open(modal('second'));
    });
    expect(await screen.findByRole('dialog', { name: 'Title second' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Title first' })).not.toBeInTheDocument();
  });

  it('keeps a modal that is not closable open on Escape', async () => {
    const user = setup();
    act(() => stack.open(modal('blocking', false)));
    await screen.findByRole('dialog', { name: 'Title blocking' });

    await user.keyboard('{Escape}');

    expect(screen.getByRole('dialog', { name: 'Title blocking' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });
});
