import { type CSSVariablesResolver, createTheme, darken, DEFAULT_THEME, luminance, type MantineColorsTuple, NavLink } from '@mantine/core';

// The one Mantine theme of the UI. Mantine's defaults with the marketplace's blue and calmer corners, and colours
// that meet WCAG 2.1 AA contrast (docs/accessibility.md): Mantine's own shades for text and filled buttons are too
// light (its grey "dimmed" text is 3.3:1 on white, white on its blue 3.6:1).
const listboxScrolls = { defaultProps: { withScrollArea: false }, styles: { options: { maxHeight: 220, overflowY: 'auto' as const } } };

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  headings: { fontWeight: '600' },
  components: {
    Paper: { defaultProps: { withBorder: true, radius: 'sm' } },
    Table: { defaultProps: { verticalSpacing: 'sm', highlightOnHover: true } },
    // Mantine colours a titled notification's text with its too-light grey and leaves the close button unnamed.
    Notification: {
      defaultProps: { withBorder: true, closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
    // A dialog's close button shows only a cross: its name says what it does.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Mantine puts a focusable "presentation" element first in a menu, which a menu may not hold (ARIA's required
    // children); without it, opening a menu from the keyboard focuses its first item, as ARIA's menu pattern does.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A long list of options scrolls in the listbox itself, not in a scroll area inside it: assistive technology knows
    // a combobox's listbox is driven from its field, a nameless scroll area is a region the keyboard cannot reach.
    Select: listboxScrolls,
    MultiSelect: listboxScrolls,
    Autocomplete: listboxScrolls,
    // A badge is never narrower than its words: a table squeezing a column cut a status to "NOT SET …" or "ANOTHER BID …".
    Badge: { styles: { root: { minWidth: 'max-content' } } },
    // A link is told apart from the text around it by more than its colour (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    // Mantine fades an unavailable entry to 40 %, under AA contrast; it keeps the dimmed text colour instead.
    NavLink: NavLink.extend({ styles: (_theme, props) => (props.disabled ? { root: { opacity: 1, color: 'var(--mantine-color-dimmed)' } } : {}) }),
  },
});

/** AA's minimum for normal-size text is 4.5:1; a little above it, so rounding never tips a colour under. */
const minimumTextContrast = 4.6;

/** WCAG 2.1's contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** `color`, darkened in small steps until it reaches the minimum text contrast against every one of `backgrounds`. */
export function readableOn(color: string, backgrounds: readonly string[]): string {
  let readable = color;
  for (let amount = 0.04; amount < 1 && backgrounds.some((background) => contrastRatio(readable, background) < minimumTextContrast); amount += 0.04) {
    readable = darken(color, amount);
  }
  return readable;
}

const white = DEFAULT_THEME.white;
const colors = { ...DEFAULT_THEME.colors, ...theme.colors } as Record<string, MantineColorsTuple> & typeof DEFAULT_THEME.colors;
/** The light surfaces text sits on: the page, the grey page and panel backgrounds, a table row under the pointer. */
const surfaces = [white, colors.gray[0], colors.gray[1]];

/**
 * Mantine's colour variables for the light scheme, each made readable: text and outlines on the light surfaces,
 * filled backgrounds under white text, the light variants' text on their tinted backgrounds (and their hover).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => {
  const light: Record<string, string> = {
    // Dimmed text sits on tinted surfaces too: own chat messages, a chosen option card (the primary colour's 0 and 1).
    '--mantine-color-dimmed': readableOn(colors.gray[6], [...surfaces, colors.blue[0], colors.blue[1]]),
    '--mantine-color-anchor': readableOn(colors.blue[8], surfaces),
    '--mantine-color-error': readableOn(colors.red[6], surfaces),
    // Placeholders are text too (and Mantine's file and select buttons show theirs as text); the dimmed grey's rule.
    '--mantine-color-placeholder': readableOn(colors.gray[5], surfaces),
  };
  for (const [name, shades] of Object.entries(colors)) {
    if (name === 'dark') continue; // a dark surface's colour, never text on a light one
    const filled = readableOn(shades[6], [white]);
    Object.assign(light, {
      [`--mantine-color-${name}-text`]: readableOn(shades[6], surfaces),
      [`--mantine-color-${name}-outline`]: readableOn(shades[6], surfaces),
      [`--mantine-color-${name}-filled`]: filled,
      [`--mantine-color-${name}-filled-hover`]: darken(filled, 0.1),
      [`--mantine-color-${name}-light-color`]: readableOn(shades[9], [...surfaces, shades[1], shades[2]]),
    });
  }
  return { variables: {}, light, dark: {} };
};
