import { describe, expect, it } from 'vitest';
import { cloneData } from './clone-data';
import { trailOf } from './trail';

describe('cloneData', () => {
  it('copies nested plain data deeply: equal to structuredClone, sharing nothing', () => {
    const value = {
      curves: [{ id: 'b0', kind: 'bar', center: [1, 2], angle: 0.5, note: undefined }],
      traces: [{ id: 't', points: trailOf([1, 2, 3, 4]) }],
      meta: { title: 'x', tags: [true, null, 'a'] },
    };
    const copy = cloneData(value);
    expect(copy).toStrictEqual(structuredClone(value));
    expect(copy.curves[0]).not.toBe(value.curves[0]);
    expect(copy.curves[0].center).not.toBe(value.curves[0].center);
    expect(copy.traces[0].points.xy).not.toBe(value.traces[0].points.xy);
    copy.curves[0].center[0] = 9;
    copy.traces[0].points.xy[0] = 9;
    expect(value.curves[0].center[0]).toBe(1);
    expect(value.traces[0].points.xy[0]).toBe(1);
  });

  it('keeps an own "__proto__" key a key (as JSON.parse makes it)', () => {
    const value = JSON.parse('{"__proto__": {"a": 1}, "b": 2}') as Record<string, unknown>;
    const copy = cloneData(value);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'b']);
    expect(copy['__proto__']).toEqual({ a: 1 });
  });

  it('gives values that are not plain data to structuredClone', () => {
    const value = { when: new Date(5), ids: new Map([['a', [1]]]) };
    const copy = cloneData(value);
    expect(copy.when).toBeInstanceOf(Date);
    expect(copy.when.getTime()).toBe(5);
    expect(copy.ids.get('a')).toEqual([1]);
    expect(copy.ids).not.toBe(value.ids);
  });
});
