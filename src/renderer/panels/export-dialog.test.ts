import { describe, expect, it } from 'vitest';
import { DEFAULT_SVG_OPTIONS } from '../../shared/svg-options';
import { parseStrokeWidth, rememberedSvgOptions } from './export-dialog';

const stored = (text: string | null) => ({ getItem: () => text });

describe('the export dialog’s options', () => {
  it('the last export’s options are remembered; nothing, not JSON or not options: the defaults', () => {
    const last = { strokeWidth: 0.5, dimensions: true, construction: false };
    expect(rememberedSvgOptions(stored(JSON.stringify(last)))).toEqual(last);
    expect(rememberedSvgOptions(stored(null))).toEqual(DEFAULT_SVG_OPTIONS);
    expect(rememberedSvgOptions(null)).toEqual(DEFAULT_SVG_OPTIONS);
    expect(rememberedSvgOptions(stored('{'))).toEqual(DEFAULT_SVG_OPTIONS);
    expect(rememberedSvgOptions(stored(JSON.stringify({ ...last, strokeWidth: 50 })))).toEqual(
      DEFAULT_SVG_OPTIONS,
    );
    expect(rememberedSvgOptions(stored(JSON.stringify({ strokeWidth: 0.5 })))).toEqual(DEFAULT_SVG_OPTIONS);
  });

  it('a stroke width is a number of mm in range, else one line saying what was typed', () => {
    expect(parseStrokeWidth(' 0.35 ')).toBe(0.35);
    expect(parseStrokeWidth('')).toBe("Stroke width: expected a number from 0.01 to 10 mm, got ''");
    expect(parseStrokeWidth('thin')).toBe("Stroke width: expected a number from 0.01 to 10 mm, got 'thin'");
    expect(parseStrokeWidth('0')).toBe("Stroke width: expected a number from 0.01 to 10 mm, got '0'");
  });
});
