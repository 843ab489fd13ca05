import { afterEach, describe, expect, it } from 'vitest';
import { colorScheme, schemeFor, THEME, THEMES, useColorScheme, type Theme } from './theme';

/** WCAG relative luminance of '#rrggbb'. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** What is drawn on the paper and must read on it. */
function inks(theme: Theme): Record<string, string> {
  return {
    curve: theme.curve.color,
    fixedCurve: theme.fixedCurve,
    trace: theme.trace.color,
    glyph: theme.glyph.color,
    conflict: theme.glyph.conflictColor,
    bead: theme.glyph.bead.color,
    motor: theme.glyph.motor.color,
    spring: theme.glyph.spring.color,
    dimension: theme.dimension.color,
    sketchGlyph: theme.glyph.sketch.color,
    sketchRedundant: theme.glyph.sketch.redundantColor,
    culprit: theme.culprit,
    selected: theme.selected,
    data: theme.data,
  };
}

afterEach(() => {
  useColorScheme('light');
});

describe('the canvas theme', () => {
  it('follows the OS: dark when prefers-color-scheme: dark matches', () => {
    expect(schemeFor(true)).toBe('dark');
    expect(schemeFor(false)).toBe('light');
  });

  it('switches in place, so a painter holding a part of it sees the new colours', () => {
    const glyph = THEME.glyph;
    expect(useColorScheme('dark')).toBe(true);
    expect(colorScheme()).toBe('dark');
    expect(THEME.paper).toBe(THEMES.dark.paper);
    expect(glyph.color).toBe(THEMES.dark.glyph.color);
    expect(glyph.bead.color).toBe(THEMES.dark.glyph.bead.color);
    expect(useColorScheme('dark')).toBe(false);
    expect(useColorScheme('light')).toBe(true);
    expect(glyph.color).toBe(THEMES.light.glyph.color);
    expect(THEME.curve.color).toBe(THEMES.light.curve.color);
  });

  it('has dark paper in the dark theme and light paper in the light one', () => {
    expect(luminance(THEMES.dark.paper)).toBeLessThan(0.05);
    expect(luminance(THEMES.light.paper)).toBeGreaterThan(0.9);
  });

  it.each(['light', 'dark'] as const)('draws everything readable on its paper (%s)', (scheme) => {
    const theme = THEMES[scheme];
    for (const [name, ink] of Object.entries(inks(theme)))
      expect(contrast(ink, theme.paper), `${scheme} ${name} ${ink}`).toBeGreaterThanOrEqual(3);
    // The curves themselves, the main thing on the paper, as text must read (WCAG AA).
    expect(contrast(theme.curve.color, theme.paper)).toBeGreaterThanOrEqual(4.5);
  });
});
