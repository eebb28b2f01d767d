// Seller application states and what the pages call them (shared by the server and the pages).
export type ApplicationStatus = 'pending' | 'approved' | 'rejected';
export const STATUS_LABEL: Record<ApplicationStatus, string> = { pending: 'Em análise', approved: 'Aprovado', rejected: 'Recusado' };
