/** How long a dialog fades and slides (ms): the theme's default for Modal and AppDialog's own. Its own file so the theme, which the sign-in page loads, does not pull in the dialog code. */
export const DIALOG_TRANSITION_MS = 500;
