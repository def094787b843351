// The catalogue screens are loaded lazily by app/routes.tsx and export nothing else to other features.
export { catalogueMessages } from './messages.ts';
