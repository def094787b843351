import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { pgConnections } from './pg-connections.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (file) => path.join(ROOT, file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' } });
const direct = [{ messageId: 'direct' }];

tester.run('lis/pg-connections', pgConnections.rules['pg-connections'], {
  valid: [
    { filename: at('apps/server/src/db/pg-connections.ts'), code: "import pg from 'pg'; const pool = new pg.Pool({});" },
    { filename: at('apps/server/src/db/client.ts'), code: "import type pg from 'pg'; import { createPool } from './pg-connections.ts'; const pool: pg.Pool = createPool('', x); await pool.connect();" },
    { filename: at('apps/server/src/test/server-process.ts'), code: "import pg from 'pg'; const admin = new pg.Client({});" },
    { filename: at('apps/server/src/db/backup.test.ts'), code: "import { Client } from 'pg'; new Client();" },
    { filename: at('apps/server/src/modules/x/service.ts'), code: "import { Client } from 'mqtt'; new Client();" },
    { filename: at('apps/web/src/api/client.ts'), code: "const pool = new Pool();" },
  ],
  invalid: [
    { filename: at('apps/server/src/db/client.ts'), code: "import pg from 'pg'; const pool = new pg.Pool({ max: 10 });", errors: direct },
    { filename: at('apps/server/src/db/backup.ts'), code: "import pg from 'pg'; const client = new pg.Client({});", errors: direct },
    { filename: at('apps/server/src/realtime/cluster.ts'), code: "import * as postgres from 'pg'; new postgres.Client();", errors: direct },
    { filename: at('apps/server/src/modules/outbox/worker.ts'), code: "import { Pool as P, Client } from 'pg'; new P(); new Client();", errors: [...direct, ...direct] },
    { filename: at('apps/server/src/main.ts'), code: "import Pool from 'pg-pool'; new Pool();", errors: direct },
  ],
});
