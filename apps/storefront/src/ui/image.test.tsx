import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { SellerImage } from '@/ui/image';

const BOX = { width: 64, height: 51 };

describe('SellerImage', () => {
  it('waits below the fold by default, with its box as width and height', () => {
    render(<SellerImage src="/api/image/s/a.png" alt="A" width={64} height={51} box={BOX} />);
    const img = screen.getByRole('img', { name: 'A' });
    expect(img).toHaveAttribute('src', '/api/image/s/a.png?width=64&height=51');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('fetchpriority');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['64', '51']);
    // no candidates asked for: a plain image, no <picture>
    expect(img.parentElement?.tagName).not.toBe('PICTURE');
  });

  it('loads eager images at once and the priority image first', () => {
    render(
      <>
        <SellerImage src="/api/image/s/b.png" alt="B" box={BOX} loading="eager" />
        <SellerImage src="/api/image/s/c.png" alt="C" box={BOX} loading="priority" />
      </>,
    );
    const eager = screen.getByRole('img', { name: 'B' });
    expect(eager).toHaveAttribute('loading', 'eager');
    expect(eager).not.toHaveAttribute('fetchpriority');
    const first = screen.getByRole('img', { name: 'C' });
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
  });

  it('offers AVIF, then WebP, cropped to the ratio at each width', () => {
    render(
      <SellerImage
        src="/api/image/s/d.jpg"
        alt="D"
        box={{ width: 200, height: 100 }}
        responsive={{ widths: [200, 400], ratio: 0.5, sizes: '50vw' }}
      />,
    );
    const img = screen.getByRole('img', { name: 'D' });
    const sources = [...img.parentElement!.querySelectorAll('source')];
    expect(img.parentElement?.tagName).toBe('PICTURE');
    expect(sources.map((s) => [s.type, s.getAttribute('srcset'), s.getAttribute('sizes')])).toEqual(
      [
        [
          'image/avif',
          '/api/image/s/d.jpg?width=200&height=100&format=avif 200w, /api/image/s/d.jpg?width=400&height=200&format=avif 400w',
          '50vw',
        ],
        [
          'image/webp',
          '/api/image/s/d.jpg?width=200&height=100&format=webp 200w, /api/image/s/d.jpg?width=400&height=200&format=webp 400w',
          '50vw',
        ],
      ],
    );
  });
});
