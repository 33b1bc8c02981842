import { createTheme, type MantineColorsTuple } from '@mantine/core';

/*
 * One accent (a deep ocean blue), slate greys, system fonts (the app must work offline).
 * Shade 7 of `ocean` is the filled colour: 5.9:1 against white text (WCAG AA).
 * gray[6] is the "dimmed" text colour: 5.4:1 on white, where Mantine's default fails AA.
 */
const ocean: MantineColorsTuple = [
  '#e7f5f9',
  '#cfe8f0',
  '#a0d0e1',
  '#6cb6d1',
  '#429fc2',
  '#2690b9',
  '#1580ad',
  '#0a6c95',
  '#075a7d',
  '#044763',
];

const gray: MantineColorsTuple = [
  '#f6f7f9',
  '#eef0f3',
  '#e2e5ea',
  '#cfd4dc',
  '#aeb6c1',
  '#8a94a2',
  '#5f6b7a',
  '#4a5463',
  '#343c48',
  '#1f252e',
];

export const theme = createTheme({
  primaryColor: 'ocean',
  primaryShade: { light: 7, dark: 5 },
  colors: { ocean, gray },
  black: '#1a1f27',
  white: '#ffffff',
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  fontFamilyMonospace:
    'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace',
  headings: {
    fontWeight: '650',
    textWrap: 'balance',
    sizes: {
      h1: { fontSize: '1.5rem', lineHeight: '1.3' },
      h2: { fontSize: '1.25rem', lineHeight: '1.35' },
      h3: { fontSize: '1.0625rem', lineHeight: '1.4' },
      h4: { fontSize: '0.9375rem', lineHeight: '1.45' },
    },
  },
  fontSizes: {
    xs: '0.75rem',
    sm: '0.8125rem',
    md: '0.875rem',
    lg: '1rem',
    xl: '1.125rem',
  },
  // md is the spec's mobile breakpoint: 1024 px (§9).
  breakpoints: { xs: '36em', sm: '48em', md: '64em', lg: '75em', xl: '88em' },
  defaultRadius: 'md',
  radius: { xs: '4px', sm: '6px', md: '8px', lg: '12px', xl: '16px' },
  focusRing: 'auto',
  respectReducedMotion: true,
  cursorType: 'pointer',
  shadows: {
    xs: '0 1px 2px rgba(16, 24, 40, 0.06)',
    sm: '0 1px 3px rgba(16, 24, 40, 0.08), 0 1px 2px rgba(16, 24, 40, 0.04)',
    md: '0 4px 12px rgba(16, 24, 40, 0.08), 0 2px 4px rgba(16, 24, 40, 0.04)',
    lg: '0 12px 32px rgba(16, 24, 40, 0.12), 0 4px 8px rgba(16, 24, 40, 0.04)',
    xl: '0 24px 48px rgba(16, 24, 40, 0.16)',
  },
  components: {
    Menu: { defaultProps: { shadow: 'md', radius: 'md' } },
    // Shown to the keyboard too: a tooltip that names an icon button is its only visible name.
    Tooltip: {
      defaultProps: { withArrow: true, openDelay: 300, events: { hover: true, focus: true, touch: false } },
    },
  },
});
