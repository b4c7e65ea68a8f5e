import { createContext, useContext, type ReactNode } from 'react';
import type { Permission, Role } from '../api/shapes';

// What the signed-in staff member may do in the back office (docs/product.md, "Roles"): the
// `permissions` the server computes from the stored role and sends with the user. The admin shows
// a tab or a button only when they include its own; the server refuses the call anyway.

export type { Permission, Role };

/** Every permission: an owner's, and what a user without a `permissions` field is taken to hold. */
export const ALL_PERMISSIONS: readonly Permission[] = [
  'orders',
  'messages',
  'catalogue',
  'prices',
  'stock',
  'delivery',
  'refunds',
  'refunds_approve',
  'reports',
  'customers',
  'agents',
  'staff',
  'settings',
  'exports',
];

/** The roles, the highest first. */
export const ROLES: readonly Role[] = ['owner', 'manager', 'clerk', 'storekeeper', 'rider', 'agent', 'customer'];

/** The permissions of a user as the server sent them; a user from before the field came is an owner's. */
export function permissionsOf(user: { permissions?: readonly string[] | null }): readonly string[] {
  return user.permissions ?? ALL_PERMISSIONS;
}

/** Whether held includes perm, or any of perm when it names several. */
export function allows(held: readonly string[], perm: Permission | readonly Permission[] | undefined): boolean {
  if (perm === undefined) return true;
  const wanted: readonly Permission[] = typeof perm === 'string' ? [perm] : perm;
  return wanted.some((p) => held.includes(p));
}

const PermissionsContext = createContext<readonly string[]>(ALL_PERMISSIONS);

/** Gives the screens below the signed-in user's permissions. */
export function PermissionsProvider({ permissions, children }: { permissions: readonly string[]; children: ReactNode }) {
  return <PermissionsContext.Provider value={permissions}>{children}</PermissionsContext.Provider>;
}

/** Whether the signed-in user may use what needs perm; everything outside a provider. */
export function useCan(perm: Permission | readonly Permission[]): boolean {
  return allows(useContext(PermissionsContext), perm);
}
