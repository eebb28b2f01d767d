// Who may do what. Every check runs on the server; pages only hide what the server would refuse anyway.
export const ROLES = ['customer', 'seller', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABEL: Record<Role, string> = { customer: 'Cliente', seller: 'Vendedor', admin: 'Administrador' };

export const asRole = (value: unknown): Role => ((ROLES as readonly unknown[]).includes(value) ? (value as Role) : 'customer');

/** Listing and editing products: approved sellers and admins. */
export const canSellProducts = (role: Role) => role === 'seller' || role === 'admin';
/** Reviewing seller applications and other back-office pages. */
export const isAdmin = (role: Role) => role === 'admin';

/** A product may be edited by the seller who listed it, or by an admin. */
export function canEditProduct(user: { id: string; role: Role }, product: { sellerId: string | null }): boolean {
  if (user.role === 'admin') return true;
  return user.role === 'seller' && product.sellerId === user.id;
}

/** "Ana Maria Souza" → "Ana" for the header greeting. */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}
