/**
 * Every Mantine style the signed-in app may draw, loaded with the shell (AppLayout) rather than with the sign-in
 * page (main.tsx loads only what that page draws). Layered (@layer mantine) as main.tsx's, so the app's own CSS
 * modules win whichever chunk's styles arrive last.
 */
import '@mantine/core/styles.layer.css';
import '@mantine/dates/styles.layer.css';
import '@mantine/charts/styles.layer.css';
