// Zod-free on purpose: the maintenance banner loads with the first page.
/** Operator controls' API paths (DESIGN D18), under the API prefix like API's. */
export const OPERATOR_API = {
  me: '/admin/operator/me',
  admins: '/admin/operator/admins',
  adminRoles: '/admin/operator/admins/:id/roles',
  maintenance: '/maintenance',
  maintenanceSet: '/admin/operator/maintenance',
  announcements: '/admin/operator/announcements',
  announcementPreview: '/admin/operator/announcements/preview',
  journalCsv: '/admin/operator/exports/journal.csv',
  trialBalanceCsv: '/admin/operator/exports/trial-balance.csv',
  reconciliation: '/admin/operator/exports/reconciliation',
} as const;
