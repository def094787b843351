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
  'settings.read',
  'settings.write',
  'users.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  specialist: [
    'patients.read', 'patients.write', 'samples.read', 'samples.write',
    'results.enter', 'results.approve', 'results.verify', 'reports.read', 'settings.read',
  ],
  technician: [
    'patients.read', 'patients.write', 'samples.read', 'samples.write',
    'results.enter', 'results.approve', 'reports.read',
  ],
  viewer: ['patients.read', 'samples.read', 'reports.read'],
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
