import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Attractor, type Drawing } from '../../shared/drawing';
import { Mirror } from '../editor/mirror';
import { attractorsOf, readoutLine, readoutText } from './attractor-properties';
import { fittingLine } from './status-bar';

const fit: Attractor = {
  id: 'a1',
  kind: 'points',
  on: true,
  strength: 1,
  curves: ['c'],
  data: 'p',
  loss: 'squared',
};
const target: Attractor = {
  id: 'a2',
  kind: 'target',
  on: false,
  strength: 1,
  point: { curve: 'd', u: 0 },
  at: [1, 2],
};

function drawing(): Drawing {
  return { ...emptyDrawing(), attractors: [fit, target] };
}

describe('the readouts of fits', () => {
  it('say RMS and largest distance as lengths are shown (mm, three decimals), a snake its edge strength', () => {
    expect(readoutText({ rms: 0.12345, max: 1.5 })).toBe('RMS 0.123 mm, max 1.5 mm');
    // A snake's: its mean edge strength (its rms and max are 0).
    expect(readoutText({ rms: 0, max: 0, edge: 0.8712 })).toBe('edge strength 0.87');
  });

  it('say converged or fitting… from the last answer, off for one switched off', () => {
    const mirror = new Mirror();
    mirror.pulls = { done: false, readouts: [{ id: 'a1', rms: 2, max: 3, worst: [0, 0] }] };
    expect(readoutLine(mirror, fit)).toBe('RMS 2 mm, max 3 mm · fitting…');
    mirror.pulls = { done: true, readouts: [{ id: 'a1', rms: 0, max: 0.0004, worst: [0, 0] }] };
    expect(readoutLine(mirror, fit)).toBe('RMS 0 mm, max 0 mm · converged');
    expect(readoutLine(mirror, target)).toBe('off');
  });

  it('the status bar: the farthest running fit while they move; nothing at rest', () => {
    const readouts = [
      { id: 'a1', rms: 0.5, max: 0.9, worst: null },
      { id: 'a3', rms: 0.25, max: 2, worst: null },
    ];
    expect(fittingLine({ done: false, readouts })).toBe('Fitting: RMS 0.5 mm, max 0.9 mm');
    expect(fittingLine({ done: true, readouts })).toBe('');
    expect(fittingLine(null)).toBe('');
  });

  it('list what pulls a curve or uses a point set', () => {
    expect(attractorsOf(drawing(), 'c').map((a) => a.id)).toEqual(['a1']);
    expect(attractorsOf(drawing(), 'p').map((a) => a.id)).toEqual(['a1']);
    expect(attractorsOf(drawing(), 'd').map((a) => a.id)).toEqual(['a2']);
    expect(attractorsOf(drawing(), 'x')).toEqual([]);
  });
});
