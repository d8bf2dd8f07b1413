import { z } from 'zod';
import { OPERATOR_MSG } from './operator-messages.js';
import { ADMIN_ROLES, PERMISSIONS } from './operator-permissions.js';

export const adminRoleSchema = z.enum(ADMIN_ROLES, { error: OPERATOR_MSG.unknownRole });
export const permissionSchema = z.enum(PERMISSIONS);

export const operatorMeSchema = z.object({
  roles: z.array(adminRoleSchema),
  permissions: z.array(permissionSchema),
});
export type OperatorMe = z.infer<typeof operatorMeSchema>;

export const operatorAdminSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  disabled: z.boolean(),
  roles: z.array(adminRoleSchema),
});
export const operatorAdminListSchema = z.object({ admins: z.array(operatorAdminSchema) });
export type OperatorAdmin = z.infer<typeof operatorAdminSchema>;

export const roleChangeSchema = z.object({ role: adminRoleSchema, granted: z.boolean() });
export const roleChangeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  admin: operatorAdminSchema,
});

export const maintenanceStateSchema = z.object({
  active: z.boolean(),
  message: z.string(),
  /** When it was switched on (ISO), or null. */
  since: z.string().nullable(),
  retryAfterSeconds: z.number().int(),
});
export type MaintenanceState = z.infer<typeof maintenanceStateSchema>;
export const maintenanceSetSchema = z.object({
  active: z.boolean(),
  message: z
    .string({ error: OPERATOR_MSG.maintenanceMessageRequired })
    .trim()
    .max(500, OPERATOR_MSG.maintenanceMessageRequired)
    .optional(),
  /** What `Retry-After` tells clients while it lasts. */
  retryAfterMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .optional(),
});

export const ANNOUNCEMENT_AUDIENCES = ['all', 'verified', 'invested', 'inactive30'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
export const ANNOUNCEMENT_AUDIENCE_LABELS = {
  all: 'All users',
  verified: 'Users with a verified e-mail',
  invested: 'Users with an active plan',
  inactive30: 'Users who have not signed in for 30 days',
} as const satisfies Record<AnnouncementAudience, string>;
export const announcementDraftSchema = z.object({
  title: z
    .string({ error: OPERATOR_MSG.announcementTitleRequired })
    .trim()
    .min(1, OPERATOR_MSG.announcementTitleRequired)
    .max(120, OPERATOR_MSG.announcementTitleRequired),
  body: z
    .string({ error: OPERATOR_MSG.announcementBodyRequired })
    .trim()
    .min(1, OPERATOR_MSG.announcementBodyRequired)
    .max(2000, OPERATOR_MSG.announcementBodyRequired),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
});
export type AnnouncementDraft = z.infer<typeof announcementDraftSchema>;
export const announcementPreviewSchema = z.object({
  title: z.string(),
  body: z.string(),
  recipients: z.number().int(),
});
export const announcementSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  status: z.enum(['sending', 'sent']),
  sent: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export const announcementListSchema = z.object({ announcements: z.array(announcementSchema) });
export const announcementCreatedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  announcement: announcementSchema,
});

const day = z.string({ error: OPERATOR_MSG.dateInvalid }).regex(/^\d{4}-\d{2}-\d{2}$/, OPERATOR_MSG.dateInvalid);
export const periodQuerySchema = z.object({ from: day, to: day });
export const atDateQuerySchema = z.object({ at: day });

export const reconciliationSchema = z.object({
  /** The end of this UTC day is the moment reconciled. */
  at: z.string(),
  /** What the platform owes its users at that moment, from the ledger: USD micro-units as decimal strings. */
  liabilities: z.object({ total: z.string(), byAccount: z.array(z.object({ code: z.string(), amount: z.string() })) }),
  holdings: z
    .object({
      /** The treasury's last snapshot of the chain (treasury + unswept deposit addresses). */
      snapshotAt: z.string(),
      snapshot: z.string(),
      /** Deposits seen and treasury payouts sent between the date and the snapshot, taken back out. */
      depositsAfter: z.string(),
      paidOutAfter: z.string(),
      /** The holdings rolled back to the date; equal to the snapshot when the snapshot is older than the date. */
      atDate: z.string(),
    })
    .nullable(),
  /** Holdings at the date minus liabilities: negative means the platform owes more than it holds. */
  surplus: z.string().nullable(),
  notes: z.array(z.string()),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;
