import { eq } from 'drizzle-orm';
import { ADMIN_EMAIL_PATTERN, DATASET_EDITABLE, MSG, type AdminUsersQuery } from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { withFiguresAge, type LagTolerantReads } from '../../db/read-replica.js';
import type { Tx } from '../../db/transaction.js';
import { users } from '../../db/schema.js';
import { AppError, errors } from '../../http/errors.js';
import type { SignedInActor } from '../../http/session.js';
import type { AuditLog, RecordAudit } from '../audit/audit.js';
import { pgErrorCode } from '../../db/pg-errors.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { AccountChangeHolds } from '../users/account-change-holds.js';
import { usersRepository, type UserRow } from '../users/users.repository.js';
import { createBalanceAdjustmentsService } from './balance-adjustments.service.js';
import { userDetails } from './user-details.js';
import { usersTablePage } from './users-table.js';
import {
  checkDatasetRow,
  checkField,
  parseField,
  parseReferralCode,
  takenMessage,
  USER_COLUMN,
} from './user-fields.js';

/** How long a proof of the second factor lets an admin change their own e-mail or wallet. */
export const REAUTH_WINDOW_MS = 5 * 60_000;

/** One admin save: the transaction it runs in, where its audit entries go, and who is acting. */
interface Edit {
  tx: Tx;
  record: RecordAudit;
  admin: SignedInActor;
  /** Mails to send once the save has committed (a hold's notice). */
  after: (() => Promise<void>)[];
}

/**
 * Admin user management (SPEC §2 admin console, DESIGN D13): lookup, lists, data sets and field edits,
 * each save committed in one transaction with its audit entries. Balance adjustments live in
 * balance-adjustments.service.ts and are part of this service, which is what the admin routes are given.
 */
export function createAdminUsersService(deps: {
  db: Db;
  /** The users table may lag: the replica's when there is one. */
  reads: LagTolerantReads;
  clock: Clock;
  ledger: Ledger;
  audit: AuditLog;
  /** Withdrawal holds after a wallet or e-mail change (modules/withdrawals, ADR 0044). */
  holds?: AccountChangeHolds;
}) {
  const { db, clock, ledger, audit } = deps;
  const details = (user: UserRow) => userDetails(ledger, user);
  const freshlyVerified = (verifiedAt: number | null) =>
    verifiedAt !== null && clock.now().getTime() - verifiedAt <= REAUTH_WINDOW_MS;

  /** Writes one column and its audit entry (before and after); a value another account holds is a 409. */
  async function write(edit: Edit, user: UserRow, field: string, column: keyof UserRow, value: unknown) {
    // An address the admin typed is not one the user has proved they read: it is verified again (ADR 0023).
    const unverify = field === 'email' && value !== user.email ? { emailVerifiedAt: null } : {};
    try {
      await edit.tx
        .update(users)
        .set({ [column]: value, ...unverify, updatedAt: clock.now() })
        .where(eq(users.id, user.id));
    } catch (error) {
      if (pgErrorCode(error) !== '23505') throw error;
      const message = takenMessage(error);
      throw new AppError('CONFLICT', message, { [field]: message });
    }
    // A changed wallet or e-mail holds the user's withdrawals; both addresses hear of it (ADR 0044).
    const held = { walletAddress: 'wallet', email: 'email' } as const;
    const change = held[field as keyof typeof held];
    if (change && deps.holds && value !== user[column]) {
      const holds = deps.holds;
      await holds.start(edit.tx, {
        userId: user.id,
        change,
        actorId: edit.admin.userId,
        wallet: change === 'wallet' ? String(value) : null,
      });
      edit.after.push(() => holds.tell(user.id, change === 'email' ? user.email : null));
    }
    await edit.record({
      actorId: edit.admin.userId,
      action: 'user.update',
      targetType: 'user',
      targetId: user.id,
      before: { [field]: user[column] },
      after: { [field]: value },
      ip: edit.admin.ip,
    });
  }

  /** One whitelisted field change. The admin's own e-mail and wallet need a fresh second factor. */
  async function setField(edit: Edit, userId: string, field: string, raw: string) {
    checkField(field, raw);
    const user = await usersRepository.lockById(edit.tx, userId);
    if (!user) throw errors.notFound(MSG.admin.notFound);
    const value = parseField(field, raw);
    const self = userId === edit.admin.userId;
    if (self && (field === 'email' || field === 'walletAddress') && !freshlyVerified(edit.admin.verifiedAt)) {
      throw new AppError('REAUTH_REQUIRED', MSG.totp.reauthRequired);
    }
    if (self && ((field === 'role' && value !== 'admin') || (field === 'disabled' && value === true))) {
      throw new AppError('FORBIDDEN', MSG.admin.selfDemote);
    }
    await write(edit, user, field, USER_COLUMN[field], value);
  }

  async function setReferralCode(edit: Edit, userId: string, raw: string | null) {
    const code = parseReferralCode(raw);
    const user = await usersRepository.lockById(edit.tx, userId);
    if (!user) throw errors.notFound(MSG.admin.notFound);
    await write(edit, user, 'referralCode', 'referralCode', code);
  }

  /** Runs one save as an audited change: all its fields and their entries commit together or not at all. */
  async function save(admin: SignedInActor, work: (edit: Edit) => Promise<void>) {
    let after: Edit['after'] = [];
    await audit.change((tx, record) => {
      after = []; // a retried transaction starts its list again
      return work({ admin, tx, record, after });
    }, admin.claim);
    for (const send of after) await send();
  }

  return {
    async lookup(email: string) {
      if (!email) throw new AppError('VALIDATION_ERROR', MSG.admin.emailRequired);
      if (!ADMIN_EMAIL_PATTERN.test(email)) throw new AppError('VALIDATION_ERROR', MSG.admin.emailInvalid);
      const user = await usersRepository.findByEmail(db, email);
      if (!user) throw errors.notFound(MSG.admin.notFound);
      return details(user);
    },

    async updateField(admin: SignedInActor, userId: string, field: string, value: string) {
      await save(admin, (edit) => setField(edit, userId, field, value));
      const user = await usersRepository.findById(db, userId);
      return { success: true as const, message: MSG.admin.updated, user: await details(user!) };
    },

    /** The referral panel's "Save Changes": name, e-mail and phone together. */
    async updateContact(admin: SignedInActor, userId: string, input: { name: string; email: string; phone: string }) {
      const user = await usersRepository.findById(db, userId);
      if (!user) throw errors.notFound(MSG.admin.referralUserNotFound);
      const changes: [string, string][] = [];
      if ((input.name || null) !== user.name) changes.push(['name', input.name]);
      if (input.email && input.email !== user.email) changes.push(['email', input.email]);
      if ((input.phone || null) !== user.phone) changes.push(['phone', input.phone]);
      // All or nothing: a bad phone must not leave the name already changed behind a 400.
      for (const [field, value] of changes) checkField(field, value);
      // One transaction: a taken e-mail (409) or a refused step-up (403) undoes the name saved before it.
      await save(admin, async (edit) => {
        for (const [field, value] of changes) await setField(edit, userId, field, value);
      });
      return { success: true as const, message: MSG.admin.referralUpdated };
    },

    /** Manage Users: a page of the table, sorted and filtered (users-table.ts). */
    list: async (query: AdminUsersQuery) => withFiguresAge(await deps.reads.run((from) => usersTablePage(from, query))),

    /** SPEC §7's three data sets, loaded together; the editable columns come from one whitelist. */
    async datasets() {
      const rows = await db.select().from(users).orderBy(users.createdAt).limit(1000);
      const names = new Map(rows.map((u) => [u.id, u.username]));
      return {
        users: rows.map((u) => ({ id: u.id, name: u.name, email: u.email, phone: u.phone })),
        userData: rows.map((u) => ({
          id: u.id,
          username: u.username,
          walletAddress: u.walletAddress,
          role: u.role,
          createdAt: u.createdAt.toISOString(),
        })),
        referralData: rows.map((u) => ({
          id: u.id,
          username: u.username,
          referralCode: u.referralCode,
          referredBy: u.referredBy ? (names.get(u.referredBy) ?? null) : null,
        })),
        editable: Object.fromEntries(Object.entries(DATASET_EDITABLE).map(([k, v]) => [k, [...v]])),
      };
    },

    async updateDatasetRow(admin: SignedInActor, table: string, id: string, row: Record<string, string | null>) {
      const changes = checkDatasetRow(table, row);
      // A row with nothing to change still names a user: one no account has is not found, not "updated".
      if (!(await usersRepository.findById(db, id))) throw errors.notFound(MSG.admin.notFound);
      // One transaction, as for contacts: a 409 or 403 on a later field undoes the earlier ones.
      await save(admin, async (edit) => {
        for (const [field, value] of changes) {
          if (field === 'referralCode') await setReferralCode(edit, id, value);
          else await setField(edit, id, field, value ?? '');
        }
      });
      return { success: true as const, message: MSG.admin.updated };
    },

    ...createBalanceAdjustmentsService(deps),
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
