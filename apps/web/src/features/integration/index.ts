/**
 * The integration screens (/analysers, /integracija/pregled, /integracija/postavke) are lazy-loaded by
 * app/routes.tsx and not exported here; no other feature needs anything of them.
 */
export {};
