import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPORT_CHOICES } from '../../shared/export-choices';
import { parseDpi, parseStrokeWidth, rememberedChoices } from './export-dialog';

const stored = (entries: Record<string, string>) => ({ getItem: (key: string) => entries[key] ?? null });

describe('the export dialog’s choices', () => {
  it('the last export’s choices are remembered; nothing, not JSON or not choices: the defaults', () => {
    const last = {
      format: 'png',
      strokeWidth: 0.5,
      dimensions: true,
      construction: false,
      page: 'A4',
      dpi: 150,
      background: 'transparent',
    };
    const key = 'curvewright.export';
    expect(rememberedChoices(stored({ [key]: JSON.stringify(last) }))).toEqual(last);
    expect(rememberedChoices(stored({}))).toEqual(DEFAULT_EXPORT_CHOICES);
    expect(rememberedChoices(null)).toEqual(DEFAULT_EXPORT_CHOICES);
    expect(rememberedChoices(stored({ [key]: '{' }))).toEqual(DEFAULT_EXPORT_CHOICES);
    expect(rememberedChoices(stored({ [key]: JSON.stringify({ ...last, dpi: 1e6 }) }))).toEqual(
      DEFAULT_EXPORT_CHOICES,
    );
    expect(rememberedChoices(stored({ [key]: JSON.stringify({ ...last, format: 'tiff' }) }))).toEqual(
      DEFAULT_EXPORT_CHOICES,
    );
  });

  it('what the SVG-only dialog remembered is taken up as an SVG export’s choices', () => {
    const svg = { strokeWidth: 0.35, dimensions: true, construction: true };
    expect(rememberedChoices(stored({ 'curvewright.export-svg': JSON.stringify(svg) }))).toEqual({
      ...DEFAULT_EXPORT_CHOICES,
      ...svg,
    });
  });

  it('a stroke width and a resolution are numbers in range, else one line saying what was typed', () => {
    expect(parseStrokeWidth(' 0.35 ')).toBe(0.35);
    expect(parseStrokeWidth('')).toBe("Stroke width: expected a number from 0.01 to 10 mm, got ''");
    expect(parseStrokeWidth('thin')).toBe("Stroke width: expected a number from 0.01 to 10 mm, got 'thin'");
    expect(parseStrokeWidth('0')).toBe("Stroke width: expected a number from 0.01 to 10 mm, got '0'");
    expect(parseDpi('600')).toBe(600);
    expect(parseDpi('9')).toBe("Resolution: expected a number from 10 to 2400 dpi, got '9'");
    expect(parseDpi('high')).toBe("Resolution: expected a number from 10 to 2400 dpi, got 'high'");
  });
});
