import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, cssVariablesResolver, readableOn, theme } from './theme';

// The theme's colours against WCAG 2.1 AA's 4.5:1 for text (docs/accessibility.md): the browser tests' axe checks
// see only the colours the pages they visit happen to use; this covers every colour of the palette.

const aa = 4.5;
const { colors, white } = DEFAULT_THEME;
const light = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as typeof DEFAULT_THEME).light;
const surfaces = [white, colors.gray[0], colors.gray[1]];

describe('the theme’s colours', () => {
  it('contrast is WCAG’s ratio: black on white 21, white on Mantine’s blue 3.56', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', colors.blue[6])).toBeCloseTo(3.56, 2);
  });

  it('a colour already readable stays as it is; one too light is darkened until it is', () => {
    expect(readableOn('#212529', [white])).toBe('#212529');
    expect(contrastRatio(readableOn(colors.gray[6], [white]), white)).toBeGreaterThanOrEqual(aa);
  });

  it('dimmed text is readable on the light surfaces and the tinted ones it sits on', () => {
    for (const surface of [...surfaces, colors.blue[0], colors.blue[1]]) {
      expect(contrastRatio(light['--mantine-color-dimmed']!, surface), `dimmed on ${surface}`).toBeGreaterThanOrEqual(aa);
    }
  });

  it('links, error messages and placeholders are readable on the light surfaces', () => {
    for (const surface of surfaces) {
      expect(contrastRatio(light['--mantine-color-placeholder']!, surface), `placeholder on ${surface}`).toBeGreaterThanOrEqual(aa);
      expect(contrastRatio(light['--mantine-color-anchor']!, surface), `link on ${surface}`).toBeGreaterThanOrEqual(aa);
      expect(contrastRatio(light['--mantine-color-error']!, surface), `error on ${surface}`).toBeGreaterThanOrEqual(aa);
    }
  });

  it('every colour’s text, outline, filled and light variants are readable', () => {
    for (const [name, shades] of Object.entries(colors)) {
      if (name === 'dark') continue;
      for (const surface of surfaces) {
        expect(contrastRatio(light[`--mantine-color-${name}-text`]!, surface), `${name} text on ${surface}`).toBeGreaterThanOrEqual(aa);
        expect(contrastRatio(light[`--mantine-color-${name}-outline`]!, surface), `${name} outline on ${surface}`).toBeGreaterThanOrEqual(aa);
      }
      expect(contrastRatio(white, light[`--mantine-color-${name}-filled`]!), `white on ${name} filled`).toBeGreaterThanOrEqual(aa);
      expect(contrastRatio(white, light[`--mantine-color-${name}-filled-hover`]!), `white on ${name} filled hover`).toBeGreaterThanOrEqual(aa);
      for (const background of [...surfaces, shades[1], shades[2]]) {
        expect(contrastRatio(light[`--mantine-color-${name}-light-color`]!, background), `${name} light on ${background}`).toBeGreaterThanOrEqual(aa);
      }
    }
  });
});
