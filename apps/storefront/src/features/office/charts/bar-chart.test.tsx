import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart } from './bar-chart';

describe('BarChart', () => {
  it('is one named image whose axis labels take the theme’s text colour', () => {
    const { container } = render(
      <BarChart
        title="Sales by day"
        summary="The figures are in the table below."
        categories={['Mon', 'Tue', 'Wed']}
        values={[1200, -300, 800]}
        valueLabel="Net sales"
        formatValue={(v) => `$${v}`}
      />,
    );
    expect(screen.getByRole('img', { name: 'Sales by day' })).toBeInTheDocument();
    const labels = [...container.querySelectorAll('.visx-axis-tick text')];
    expect(labels.map((label) => label.textContent)).toEqual(
      expect.arrayContaining(['Mon', 'Tue', 'Wed']),
    );
    for (const label of labels) {
      // a fixed dark grey would vanish on a dark theme
      expect(label.getAttribute('fill')).toBe('currentColor');
      expect(Number(label.getAttribute('font-size'))).toBeGreaterThanOrEqual(12);
    }
    for (const line of container.querySelectorAll('.visx-axis-line, .visx-axis-tick line'))
      expect(line.getAttribute('stroke')).toBe('currentColor');
  });
});
