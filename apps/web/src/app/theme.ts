/**
 * The look: calm and clinical. One primary colour (a teal-leaning blue,
 * dark enough for white text on filled buttons), rounded corners, the
 * system font. Status colours live in src/components/status.ts.
 */
import { type CSSVariablesResolver, type MantineColorsTuple, type MantineThemeComponent, createTheme } from '@mantine/core';
import { DIALOG_TRANSITION_MS } from '../components/dialog-timing.ts';

const clinical: MantineColorsTuple = [
  '#e7f5f9', '#d0e9f1', '#a1d2e3', '#6fb9d4', '#46a4c7', '#2b96bf', '#1a86b0', '#0f6f93', '#0a5d7c', '#054b65',
];

export const theme = createTheme({
  primaryColor: 'clinical',
  // Shade 7 gives white text a 5.6:1 contrast on filled buttons (WCAG AA needs 4.5).
  primaryShade: { light: 7, dark: 6 },
  colors: { clinical },
  defaultRadius: 'md',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, system-ui, sans-serif',
  headings: { fontWeight: '600' },
  cursorType: 'pointer',
  // People who asked their system for less motion get dialogs and menus without the fade and slide.
  respectReducedMotion: true,
  // Plain objects rather than Menu.extend / Modal.extend (which only type them): calling those would put the menu
  // and dialog code (and its positioning library) into the sign-in page's first load.
  components: {
    // Mantine's focus placeholder is a focusable role=presentation element inside role=menu, which
    // axe reports (aria-required-children); without it the first item takes focus, as in the ARIA menu pattern.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } } satisfies MantineThemeComponent,
    Modal: {
      defaultProps: { transitionProps: { duration: DIALOG_TRANSITION_MS }, closeOnEscape: true, centered: true },
      styles: { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } },
    } satisfies MantineThemeComponent,
  },
});

/**
 * Text colours that reach WCAG AA (4.5:1) on white and on the grey page:
 * Mantine's dimmed grey (3.3:1) and error red (red 6, 3.3:1) are too light.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': current.colors.gray[7],
    '--mantine-color-error': current.colors.red[9],
  },
  dark: {},
});
