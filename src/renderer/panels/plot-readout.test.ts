import { describe, expect, it } from 'vitest';
import { extremaText, plotExtrema, plotReadout } from './plot-data';
import { plotFileName } from './plot-panel';

describe('the plot readout', () => {
  it('says the x and y under the cursor with their units', () => {
    expect(plotReadout('speed', 'angle', 123.456, 45.61749)).toBe(
      'crank angle 123.5° · speed |v| 45.617 mm/s',
    );
    expect(plotReadout('bar-angle', 'time', 0.25, -12.5)).toBe('time 0.25 s · bar angle -12.5°');
    expect(plotReadout('accel', 'angle', 10, null)).toBe('crank angle 10° · acceleration |a| undefined here');
  });

  it('finds the extrema among the defined values, and says where they are', () => {
    const columns: [number[], (number | null)[]] = [
      [0, 90, 180, 270],
      [3, null, -1, 7],
    ];
    expect(plotExtrema(columns)).toEqual({ min: [180, -1], max: [270, 7] });
    expect(extremaText('x', 'angle', columns)).toBe('min -1 mm at 180° · max 7 mm at 270°');
    expect(plotExtrema([[0], [null]])).toBeNull();
  });

  it('names its files as the user reads the subject', () => {
    expect(plotFileName('segment 2, middle', 'speed')).toBe('segment 2 middle speed');
    expect(plotFileName('a/b: c', 'x')).toBe('a b c x');
  });
});
