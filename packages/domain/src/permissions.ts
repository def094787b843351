/**
 * Roles and what they may do: the one table the server enforces on every call
 * and the web app reads to hide what a user cannot use.
 */
export const ROLES = ['admin', 'specialist', 'technician', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  'patients.read',
  'patients.write',
  'samples.read',
  'samples.write',
  'results.enter',
  'results.approve',
  'results.verify',
  'reports.read',
  /** Withdraw an issued result report from the report list (its versions stay stored). */
  'reports.write',
  // Resend, delete and group e-mail of the outbox; reading it is reports.read.
  'outbox.send',
  'settings.read',
  'settings.write',
  'users.manage',
  // Temperature logger: the refrigerators' readings and alarms; acknowledging an alarm (with a note) is a write.
  'logger.read',
  'logger.acknowledge',
  // Inventory: products, stock and movements are read with inventory.read; registering products and booking goods in and out is a write.
  'inventory.read',
  'inventory.write',
  // Staff chat of the site: everyone signed in reads it; writing (messages and files) needs edit rights (level 0, not a viewer).
  'chat.read',
  'chat.write',
  // Quality control: charts and lists are qc.read; entering control results, comments, exclusions and corrective actions
  // are qc.write; defining lots, targets and the rules in force is qc.define.
  'qc.read',
  'qc.write',
  'qc.define',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  specialist: [
    'patients.read', 'patients.write', 'samples.read', 'samples.write',
    'results.enter', 'results.approve', 'results.verify', 'reports.read', 'settings.read',
    'reports.write',
    'outbox.send',
    'logger.read', 'logger.acknowledge',
    'inventory.read', 'inventory.write',
    'chat.read', 'chat.write',
    'qc.read', 'qc.write', 'qc.define',
  ],
  technician: [
    'patients.read', 'patients.write', 'samples.read', 'samples.write',
    'results.enter', 'results.approve', 'reports.read',
    'outbox.send',
    'logger.read', 'logger.acknowledge',
    'inventory.read', 'inventory.write',
    'chat.read', 'chat.write',
    'qc.read', 'qc.write',
  ],
  viewer: ['patients.read', 'samples.read', 'reports.read', 'logger.read', 'inventory.read', 'chat.read', 'qc.read'],
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Access level above 0 is read-only everywhere, whatever the role. */
export function isReadOnlyPermission(permission: Permission): boolean {
  return permission.endsWith('.read');
}

export function permissionsFor(role: Role, accessLevel: number): Permission[] {
  const granted = ROLE_PERMISSIONS[role];
  return accessLevel > 0 ? granted.filter(isReadOnlyPermission) : [...granted];
}

export function can(role: Role, accessLevel: number, permission: Permission): boolean {
  return permissionsFor(role, accessLevel).includes(permission);
}
