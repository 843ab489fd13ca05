import { describe, expect, it } from 'vitest';
import { withArticle } from './article';

describe('the indefinite article', () => {
  it('"an" before a vowel, "a" before the rest', () => {
    expect(['attach', 'arc', 'ellipse', 'equation', 'on-curve', 'angle', 'equal'].map(withArticle)).toEqual([
      'an attach',
      'an arc',
      'an ellipse',
      'an equation',
      'an on-curve',
      'an angle',
      'an equal',
    ]);
    expect(['bar', 'point', 'bead', 'horizontal', 'spline'].map(withArticle)).toEqual([
      'a bar',
      'a point',
      'a bead',
      'a horizontal',
      'a spline',
    ]);
  });
});
