/**
 * Text colours that keep WCAG AA contrast (4.5:1) on Mantine's light tints.
 * The light variant colours a badge's or an alert title's text with a middle
 * shade of its colour, which on its own tint reads near 2.5:1 for orange and
 * teal (no shade of orange reaches 4.5:1 there). These screens keep the tint
 * and the icon in colour and set the text in the body's near-black.
 */
export const READABLE_ALERT_STYLES = { title: { color: 'var(--mantine-color-text)' } } as const;

/** Text colour of light-variant badges. */
export const READABLE_BADGE_TEXT = 'gray.9';
