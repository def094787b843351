/**
 * What other features may use of microbiology: the link from a sample's result entry to its culture
 * screen and that screen's address. The screen itself is loaded by app/routes.tsx (code splitting).
 */
export { CultureLink, culturePath } from './CultureLink.tsx';
