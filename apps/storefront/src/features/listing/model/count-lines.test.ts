import { describe, expect, it } from 'vitest';
import { countLines } from '@/features/listing/model/count-lines';

describe('countLines', () => {
  it('counts wrapped lines of equal-height items separated by a row gap', () => {
    expect(countLines(40, 40, 8)).toBe(1);
    expect(countLines(88, 40, 8)).toBe(2);
    expect(countLines(136, 40, 8)).toBe(3);
  });

  it('absorbs sub-pixel layout', () => {
    expect(countLines(88.4, 40.2, 8)).toBe(2);
  });

  it('is 0 before layout', () => {
    expect(countLines(0, 0)).toBe(0);
  });
});
