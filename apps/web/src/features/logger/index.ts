/**
 * The temperature logger's screens (/loger/pregled, /loger/postavke,
 * /loger/statistika) are lazy-loaded by app/routes.tsx and not exported here;
 * other features need nothing of it but its bell lines, which the realtime
 * feature builds from the events itself.
 */
export {};
