/**
 * How many lines a wrapping row of equal-height items occupies. Rows are separated by `gap`,
 * so n lines measure n × item + (n − 1) × gap; rounding absorbs sub-pixel layout.
 */
export function countLines(rowHeight: number, itemHeight: number, gap = 0): number {
  if (itemHeight <= 0 || rowHeight <= 0) return 0;
  return Math.max(1, Math.round((rowHeight + gap) / (itemHeight + gap)));
}
