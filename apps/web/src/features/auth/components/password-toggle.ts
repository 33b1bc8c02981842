/**
 * The show/hide button of password fields: reachable by keyboard and named for screen readers
 * (Mantine's default skips it in the tab order).
 */
export const passwordToggleProps = {
  visibilityToggleFocusable: true,
  visibilityToggleButtonProps: { 'aria-label': 'Show password' },
} as const;
