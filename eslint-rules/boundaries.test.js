import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { boundaries } from './boundaries.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (file) => path.join(ROOT, file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' } });
const broken = [{ messageId: 'broken' }];

tester.run('lis/layering', boundaries.rules.layering, {
  valid: [
    { filename: at('apps/server/src/modules/patients/repository.ts'), code: "import { eq } from 'drizzle-orm'; import { patients } from './tables.ts'; import { accessLog } from '../../db/shared-tables.ts';" },
    // A join declared in TABLES_READ_ACROSS, and a foreign key between table files.
    { filename: at('apps/server/src/modules/reports/repository.ts'), code: "import { samples, sampleTests } from '../samples/tables.ts'; import { labAssays } from '../catalogue/tables.ts';" },
    { filename: at('apps/server/src/modules/samples/tables.ts'), code: "import { pgTable } from 'drizzle-orm/pg-core'; import { patients } from '../patients/tables.ts'; import { id } from '../../db/columns.ts';" },
    { filename: at('apps/server/src/db/client.ts'), code: "import * as schema from './schema.ts';" },
    { filename: at('apps/server/src/modules/results/judgement.ts'), code: "import type { ReferenceSnapshot } from '../../db/columns.ts';" },
    { filename: at('apps/server/src/modules/samples/sample-repository.ts'), code: "import { sql } from 'drizzle-orm';" },
    { filename: at('apps/server/src/db/list-query.ts'), code: "import { and } from 'drizzle-orm';" },
    { filename: at('apps/server/src/modules/samples/answers.ts'), code: "import { patientById } from '../patients/service.ts';" },
    { filename: at('apps/server/src/lib/list-route.ts'), code: "import { siteTimeZone } from '../modules/sites/service.ts';" },
    { filename: at('apps/server/src/modules/index.ts'), code: "import { sampleRoutes } from './samples/routes.ts';" },
    { filename: at('apps/server/src/modules/reports/reports.test.ts'), code: "import { judge } from '../results/judgement.ts';" },
    { filename: at('apps/server/src/modules/samples/routes.ts'), code: "import * as service from './service.ts'; import type { Db } from '../../db/client.ts';" },
    { filename: at('apps/server/src/modules/samples/samples.test.ts'), code: "import { eq } from 'drizzle-orm'; import { x } from '../patients/repository.ts';" },
    { filename: at('apps/web/src/features/samples/SampleEntryScreen.tsx'), code: "import { LabelDialog } from '../labels/index.ts'; import { x } from './api.ts';" },
    { filename: at('apps/web/src/app/routes.tsx'), code: "const screen = import('../features/patients/IntakeScreen.tsx');" },
    { filename: at('apps/web/src/app/catalogues.ts'), code: "import { i18n } from '../i18n/index.ts'; import { qcMessages } from '../features/qc/messages.ts';" },
    { filename: at('apps/web/src/i18n/en.ts'), code: "import { listTableMessages } from '../components/list-table/messages.ts';" },
    { filename: at('apps/web/src/lib/reference-range-text.ts'), code: "import { currentLanguage } from '../i18n/index.ts';" },
    { filename: at('apps/web/src/i18n/index.ts'), code: "import { MESSAGES, type MessageCode } from '@lis/domain';" },
    { filename: at('apps/web/src/features/qc/RulesPanel.tsx'), code: "import { isMessageCode, type MessageCode } from '@lis/domain';" },
    { filename: at('packages/domain/src/sample/status.ts'), code: "import { z } from 'zod'; import { x } from '../spol.ts';" },
    { filename: at('packages/analyser-protocols/src/astm/link.ts'), code: "import { x } from './link-common.ts'; import { y } from '../text.ts';" },
    { filename: at('packages/analyser-protocols/src/astm/captures.test.ts'), code: "import { readFileSync } from 'node:fs';" },
  ],
  invalid: [
    { filename: at('apps/web/src/features/invoice/InvoiceScreen.tsx'), code: "import { formatKm } from '@lis/domain';", errors: broken },
    { filename: at('apps/server/src/modules/patients/service.ts'), code: "import { eq } from 'drizzle-orm';", errors: broken },
    { filename: at('apps/server/src/lib/helper.ts'), code: "import { samples } from '../db/schema.ts';", errors: broken },
    { filename: at('apps/server/src/modules/samples/answers.ts'), code: "import { findPatientById } from '../patients/repository.ts';", errors: broken },
    // The aggregate schema is drizzle-kit's and db/'s only.
    { filename: at('apps/server/src/modules/patients/repository.ts'), code: "import { patients } from '../../db/schema.ts';", errors: broken },
    { filename: at('apps/server/src/modules/results/judgement.ts'), code: "import type { ReferenceSnapshot } from '../../db/schema.ts';", errors: broken },
    // Another module's tables: undeclared, a table the declaration does not name, or all of them at once.
    { filename: at('apps/server/src/modules/chat/repository.ts'), code: "import { samples } from '../samples/tables.ts';", errors: broken },
    { filename: at('apps/server/src/modules/reports/repository.ts'), code: "import { samples, sampleCodeCounters } from '../samples/tables.ts';", errors: broken },
    { filename: at('apps/server/src/modules/reports/repository.ts'), code: "import * as sampleTables from '../samples/tables.ts';", errors: broken },
    { filename: at('apps/server/src/modules/qc/repository.ts'), code: "import { sampleCultures } from '../microbiology/tables.ts';", errors: broken },
    // Tables outside a repository, even the module's own, or another module's as types.
    { filename: at('apps/server/src/modules/samples/service.ts'), code: "import { samples } from './tables.ts';", errors: broken },
    { filename: at('apps/server/src/modules/samples/answers.ts'), code: "import type { patients } from '../patients/tables.ts';", errors: broken },
    { filename: at('apps/server/src/modules/samples/routes.ts'), code: "import { sampleRepository } from './repository.ts';", errors: broken },
    { filename: at('apps/server/src/modules/reports/service.ts'), code: "import { judge } from '../results/judgement.ts';", errors: broken },
    { filename: at('apps/server/src/modules/microbiology/surveillance-xlsx.ts'), code: "import type { ExportLanguage } from '../izvjestaji/export.ts';", errors: broken },
    { filename: at('apps/server/src/lib/helper.ts'), code: "import { x } from '../modules/sites/repository.ts';", errors: broken },
    { filename: at('apps/server/src/modules/health/routes.ts'), code: "import { openDatabase } from '../../db/client.ts';", errors: broken },
    { filename: at('apps/web/src/features/patients/IntakeScreen.tsx'), code: "import { formatKm } from '../samples/format.ts';", errors: broken },
    { filename: at('apps/web/src/components/Thing.tsx'), code: "import { x } from '../features/auth/index.ts';", errors: broken },
    { filename: at('apps/web/src/api/client.ts'), code: "export { x } from '../features/auth/session.ts';", errors: broken },
    // The i18n core imports no feature's messages (app/catalogues.ts joins them), and no shared file imports app/.
    { filename: at('apps/web/src/i18n/bs.ts'), code: "import { qcMessages } from '../features/qc/messages.ts';", errors: broken },
    { filename: at('apps/web/src/i18n/index.ts'), code: "import { CATALOGUES } from '../app/catalogues.ts';", errors: broken },
    { filename: at('apps/web/src/lib/format.ts'), code: "import type { Catalogue } from '../app/catalogues.ts';", errors: broken },
    // Interface text through i18next: the domain's message catalogue only by messageText/serverMessage.
    { filename: at('apps/web/src/features/qc/RulesPanel.tsx'), code: "import { message } from '@lis/domain';", errors: broken },
    { filename: at('apps/web/src/components/notify.tsx'), code: "import { MESSAGES, message as text } from '@lis/domain';", errors: [...broken, ...broken] },
    { filename: at('packages/domain/src/sample/status.ts'), code: "import { readFileSync } from 'node:fs';", errors: broken },
    { filename: at('packages/analyser-protocols/src/astm/link.ts'), code: "import net from 'node:net';", errors: broken },
    { filename: at('packages/analyser-protocols/src/hl7/mllp.ts'), code: "import { x } from '../../../domain/src/index.ts';", errors: broken },
    { filename: at('packages/domain/src/sample/status.ts'), code: "import { x } from '../../../../apps/server/src/app.ts';", errors: broken },
  ],
});
