import type { Db } from '../../db/client.ts';
import { insertSuppliersUnlessNamed } from './supply-repository.ts';

/**
 * Demo suppliers of the inventory (partners whose roles include 'dobavljac'), so a demo lab can register
 * contracts and raise purchase orders before anyone has filled in the partner registry. A name the
 * registry has already is left as it is.
 */
export const DEMO_SUPPLIERS = ['Reagens Promet d.o.o.', 'Medilab Oprema d.o.o.'] as const;

export async function seedDemoSuppliers(db: Db): Promise<void> {
  await insertSuppliersUnlessNamed(db, DEMO_SUPPLIERS);
}
