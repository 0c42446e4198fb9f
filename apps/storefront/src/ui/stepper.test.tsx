import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SellerConfigProvider } from '@/config/seller-config';
import { Stepper } from '@/ui/stepper';
import type { StepperProps } from '@/ui/stepper';
import { makeSellerConfig } from '@/testing/seller-config';

function Controlled(props: Omit<StepperProps, 'value' | 'onChange'> & { initial?: number }) {
  const { initial = 0, ...rest } = props;
  const [value, setValue] = useState(initial);
  return <Stepper {...rest} value={value} onChange={setValue} />;
}

function renderStepper(props: Omit<StepperProps, 'value' | 'onChange'> & { initial?: number }) {
  const config = makeSellerConfig();
  render(
    <SellerConfigProvider config={config}>
      <Controlled {...props} />
    </SellerConfigProvider>,
  );
  return userEvent.setup();
}

const value = () => screen.getByRole('status', { name: 'Adult quantity' });

describe('Stepper', () => {
  it('names its buttons after the label and steps by one by default', async () => {
    const user = renderStepper({ label: 'Adult', max: 3 });
    expect(screen.getByRole('group', { name: 'Adult' })).toBeInTheDocument();
    const increase = screen.getByRole('button', { name: 'Increase Adult' });
    await user.click(increase);
    await user.click(increase);
    expect(value()).toHaveTextContent('2');
    await user.click(screen.getByRole('button', { name: 'Decrease Adult' }));
    expect(value()).toHaveTextContent('1');
  });

  it('announces the value politely', () => {
    renderStepper({ label: 'Adult', max: 3, initial: 2 });
    expect(value()).toHaveAttribute('aria-live', 'polite');
    expect(value()).toHaveTextContent('2');
  });

  it('disables each button at its bound', async () => {
    const user = renderStepper({ label: 'Adult', max: 1 });
    const decrease = screen.getByRole('button', { name: 'Decrease Adult' });
    const increase = screen.getByRole('button', { name: 'Increase Adult' });
    expect(decrease).toBeDisabled();
    expect(increase).toBeEnabled();
    await user.click(increase);
    expect(increase).toBeDisabled();
    expect(decrease).toBeEnabled();
  });

  it('disables increase when nothing is left (max 0)', () => {
    renderStepper({ label: 'Adult', max: 0 });
    expect(screen.getByRole('button', { name: 'Increase Adult' })).toBeDisabled();
  });

  it('follows the caller rules: first increment jumps to the minimum, decrement from it to 0', async () => {
    const min = 4;
    const user = renderStepper({
      label: 'Adult',
      max: 10,
      nextUp: (v) => (v < min ? min : v + 1),
      nextDown: (v) => (v <= min ? 0 : v - 1),
    });
    await user.click(screen.getByRole('button', { name: 'Increase Adult' }));
    expect(value()).toHaveTextContent('4');
    await user.click(screen.getByRole('button', { name: 'Decrease Adult' }));
    expect(value()).toHaveTextContent('0');
  });

  it('blocks decrease in exactly-one-ticket mode', () => {
    renderStepper({ label: 'Adult', max: 1, initial: 1, isDecreaseBlocked: true });
    expect(screen.getByRole('button', { name: 'Decrease Adult' })).toBeDisabled();
  });

  it('is keyboard usable: Tab to a button and Enter, or ArrowUp/ArrowDown in the group', async () => {
    const user = renderStepper({ label: 'Adult', max: 5 });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Increase Adult' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(value()).toHaveTextContent('1');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(value()).toHaveTextContent('3');
    await user.keyboard('{ArrowDown}');
    expect(value()).toHaveTextContent('2');
  });

  it('does nothing when disabled', async () => {
    const onChange = vi.fn();
    render(
      <SellerConfigProvider config={makeSellerConfig()}>
        <Stepper label="Adult" value={1} max={5} onChange={onChange} isDisabled />
      </SellerConfigProvider>,
    );
    expect(screen.getByRole('button', { name: 'Increase Adult' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decrease Adult' })).toBeDisabled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('uses seller overrides of its texts', () => {
    render(
      <SellerConfigProvider
        config={makeSellerConfig({ text_strings: { 'stepper.increase': 'Add one {label}' } })}
      >
        <Stepper label="Child" value={0} max={5} onChange={() => {}} />
      </SellerConfigProvider>,
    );
    expect(screen.getByRole('button', { name: 'Add one Child' })).toBeInTheDocument();
  });
});
