import { openDatabase } from './db/client.ts';
import { seedDemo } from './db/seed/index.ts';
const url = process.argv[2];
for (const history of [false, true]) {
  let t = Date.now();
  const database = await openDatabase(url ? { databaseUrl: url.replace('X', history ? 'h' : 'b') } : {});
  const opened = Date.now() - t; t = Date.now();
  await seedDemo(database.db, { history });
  console.log(url ? 'postgres' : 'pglite', 'history', history, 'open+migrate ms', opened, 'seed ms', Date.now() - t);
  const r: any = await database.db.execute(`select (select count(*) from qc_results) qc, (select count(*) from qc_results where status='odbijen') rej, (select count(*) from temperature_readings) rd, (select count(*) from logger_alarms) al, (select count(*) from inventory_orders) ord, (select string_agg(distinct pravila::text, ' ') from qc_results where status <> 'prihvacen') pr` as any);
  console.log(r.rows);
  await database.close();
}
