import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWrapsBeyond } from '@/features/listing/components/use-wraps-beyond';

function Row({ items }: { items: string[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const wraps = useWrapsBeyond(ref, 2, items.join('|'));
  return (
    <>
      <div ref={ref} data-row>
        {items.map((item) => (
          <button key={item}>{item}</button>
        ))}
      </div>
      <p>{wraps ? 'dropdown' : 'buttons'}</p>
    </>
  );
}

/** jsdom has no layout: each button is 40 px high and the row is as high as `rowHeight()`. */
function mockSizes(rowHeight: () => number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const height = this.hasAttribute('data-row') ? rowHeight() : 40;
    return {
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      right: 0,
      bottom: height,
      width: 0,
      height,
      toJSON: () => ({}),
    };
  });
}

afterEach(() => vi.restoreAllMocks());

describe('useWrapsBeyond', () => {
  it('is false up to two lines and true beyond', () => {
    let lines = 2;
    mockSizes(() => lines * 40);
    const { rerender } = render(<Row items={['a', 'b']} />);
    expect(screen.getByText('buttons')).toBeInTheDocument();

    lines = 3;
    rerender(<Row items={['a', 'b', 'c']} />);
    expect(screen.getByText('dropdown')).toBeInTheDocument();
  });

  it('measures again when the row resizes', () => {
    let lines = 1;
    let notify: () => void = () => {};
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          notify = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    mockSizes(() => lines * 40);
    render(<Row items={['a', 'b']} />);
    expect(screen.getByText('buttons')).toBeInTheDocument();

    lines = 4;
    // a narrower window: the observer reports the new size
    act(() => notify());
    expect(screen.getByText('dropdown')).toBeInTheDocument();
  });
});
