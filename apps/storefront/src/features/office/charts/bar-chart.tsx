import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { useId } from 'react';
import styles from './bar-chart.module.css';

/**
 * The office's one chart (decision 0088: visx, SVG drawn by React, loaded with the office only):
 * bars for a series by category, an optional second series of bars beside them (the sales'
 * refunds), and an optional reference line (capacity, places expected). The figures are always
 * in a table beside it; the chart is one image with a name and a summary for screen readers, not
 * a second copy of the table. Each bar's own title (the pointer's tooltip) names its value.
 */

export interface BarChartProps {
  /** the chart's accessible name */
  title: string;
  /** one sentence saying what it shows and where the figures are */
  summary: string;
  categories: string[];
  values: number[];
  /** the bars' legend */
  valueLabel: string;
  /** a second series, drawn as outlined bars beside the first in each category */
  beside?: { label: string; values: number[] };
  reference?: { label: string; values: number[] };
  formatValue?: (value: number) => string;
}

const WIDTH = 640;
const HEIGHT = 240;
const MARGIN = { top: 12, right: 12, bottom: 36, left: 64 };
/**
 * Axes in the theme's text colour (the chart's `color`), not visx's fixed #222, which a dark
 * theme's background all but hides; labels at 13 viewBox units, not visx's 10.
 */
const AXIS = {
  stroke: 'currentColor',
  tickStroke: 'currentColor',
  tickLabelProps: { fill: 'currentColor', fontSize: 13 },
} as const;

export function BarChart(props: BarChartProps) {
  const { categories, values, beside, reference, formatValue = String } = props;
  const titleId = useId();
  const descId = useId();
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const all = [0, ...values, ...(beside?.values ?? []), ...(reference?.values ?? [])];
  const x = scaleBand<string>({ domain: categories, range: [0, innerWidth], padding: 0.2 });
  // with a second series each category's band is shared: the first series left, the second right
  const series = [
    {
      label: props.valueLabel,
      values,
      className: (v: number) => (v < 0 ? styles.negative : styles.bar),
    },
    ...(beside
      ? [{ label: beside.label, values: beside.values, className: () => styles.beside }]
      : []),
  ];
  const slot = scaleBand<number>({ domain: series.map((_, i) => i), range: [0, x.bandwidth()] });
  const y = scaleLinear<number>({
    domain: [Math.min(...all), Math.max(1, ...all)],
    range: [innerHeight, 0],
    nice: true,
  });
  // at most about 12 labels along the bottom, so a month of days stays readable
  const every = Math.max(1, Math.ceil(categories.length / 12));
  const zeroY = y(0);
  return (
    <figure className={styles.figure}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className={styles.chart}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
      >
        <title id={titleId}>{props.title}</title>
        <desc id={descId}>{props.summary}</desc>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {series.map((s, n) =>
            s.values.map((value, i) => {
              const top = y(Math.max(0, value));
              return (
                <Bar
                  key={`${n}-${categories[i]}`}
                  x={(x(categories[i]!) ?? 0) + (slot(n) ?? 0)}
                  y={top}
                  width={slot.bandwidth()}
                  height={Math.abs(y(Math.min(0, value)) - top)}
                  className={s.className(value)}
                >
                  <title>{`${categories[i]}: ${s.label} ${formatValue(value)}`}</title>
                </Bar>
              );
            }),
          )}
          {reference && (
            <LinePath
              data={reference.values}
              x={(_, i) => (x(categories[i]!) ?? 0) + x.bandwidth() / 2}
              y={(v) => y(v)}
              className={styles.reference}
            />
          )}
          <line x1={0} x2={innerWidth} y1={zeroY} y2={zeroY} className={styles.zero} />
          <AxisLeft {...AXIS} scale={y} numTicks={5} tickFormat={(v) => formatValue(Number(v))} />
          <AxisBottom
            {...AXIS}
            top={innerHeight}
            scale={x}
            tickValues={categories.filter((_, i) => i % every === 0)}
          />
        </Group>
      </svg>
      <figcaption className={styles.legend} aria-hidden="true">
        <span className={styles.swatchBar} /> {props.valueLabel}
        {beside && (
          <>
            {' '}
            <span className={styles.swatchBeside} /> {beside.label}
          </>
        )}
        {reference && (
          <>
            {' '}
            <span className={styles.swatchLine} /> {reference.label}
          </>
        )}
      </figcaption>
    </figure>
  );
}
