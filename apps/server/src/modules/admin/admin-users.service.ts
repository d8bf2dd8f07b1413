import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  ADMIN_EMAIL_PATTERN,
  DATASET_EDITABLE,
  EDITABLE_USER_FIELDS,
  EMAIL_PATTERN,
  MSG,
  parseAmount,
  toDecimalString,
  USER_ACCOUNTS,
  WALLET_PATTERN,
  type DatasetName,
  type EditableUserField,
} from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { inTransaction, type Tx } from '../../db/transaction.js';
import { users } from '../../db/schema.js';
import { AppError, errors } from '../../http/errors.js';
import type { AuditLog } from '../audit/audit.js';
import { InsufficientFundsError, pgConstraint, pgErrorCode } from '../ledger/ledger.errors.js';
import { systemAccount, userAccount, type Ledger } from '../ledger/ledger.service.js';
import { usersRepository, type UserRow } from '../users/users.repository.js';

/** How long a proof of the second factor lets an admin change their own e-mail or wallet. */
export const REAUTH_WINDOW_MS = 5 * 60_000;

const COLUMN: Record<EditableUserField, keyof UserRow> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  username: 'username',
  walletAddress: 'walletAddress',
  role: 'role',
  disabled: 'disabled',
};
const SINK = {
  USD: systemAccount('usd.platform'),
  COIN: systemAccount('coin.issuance'),
  SVP: systemAccount('svp.treasury'),
} as const;
const asDb = (tx: Tx) => tx as unknown as Db;
const invalid = (field: string, message: string = MSG.admin.invalidValue) =>
  new AppError(400, 'VALIDATION_ERROR', message, { [field]: message });

/** Turns a typed value into the column value, or says why it cannot be (DESIGN D13's whitelist). */
function parseField(field: EditableUserField, raw: string): string | boolean | null {
  const value = raw.trim();
  switch (field) {
    case 'name':
      return value ? value.slice(0, 100) : null;
    case 'email':
      if (!EMAIL_PATTERN.test(value)) throw invalid(field, MSG.register.emailInvalid);
      return value;
    case 'phone':
      if (!value) return null;
      if (!/^\+?[0-9][0-9 ()-]{4,19}$/.test(value)) throw invalid(field);
      return value.replace(/[ ()-]/g, '');
    case 'username':
      if (!/^[A-Za-z0-9_]{3,30}$/.test(value)) throw invalid(field, MSG.profile.usernameInvalid);
      return value;
    case 'walletAddress':
      if (!WALLET_PATTERN.test(value)) throw invalid(field, MSG.register.walletInvalid);
      return value;
    case 'role':
      if (value !== 'user' && value !== 'admin') throw invalid(field);
      return value;
    case 'disabled':
      if (value !== 'true' && value !== 'false') throw invalid(field);
      return value === 'true';
  }
}

/** setField's checks without the write: a save of several fields checks them all before the first change. */
function checkField(field: string, raw: string): void {
  if (!field || (!raw && field !== 'name' && field !== 'phone'))
    throw new AppError(400, 'VALIDATION_ERROR', MSG.admin.selectField);
  if (!(EDITABLE_USER_FIELDS as readonly string[]).includes(field)) throw invalid(field, MSG.admin.fieldNotEditable);
  parseField(field as EditableUserField, raw);
}

/** Admin user management (SPEC §2 admin console, DESIGN D13): every change is audited. */
export function createAdminUsersService(deps: { db: Db; clock: Clock; ledger: Ledger; audit: AuditLog }) {
  const { db, clock, ledger, audit } = deps;
  const freshlyVerified = (verifiedAt: number | null) =>
    verifiedAt !== null && clock.now().getTime() - verifiedAt <= REAUTH_WINDOW_MS;

  async function details(user: UserRow) {
    const b = await ledger.balances(user.id);
    const usd = (code: string) => toDecimalString(b.get(code) ?? 0n, 'USD');
    const fields: [string, string][] = [
      ['id', user.id],
      ['name', user.name ?? ''],
      ['email', user.email],
      ['phone', user.phone ?? ''],
      ['username', user.username],
      ['walletAddress', user.walletAddress],
      ['role', user.role],
      ['disabled', String(user.disabled)],
      ['referralCode', user.referralCode ?? ''],
      ['createdAt', user.createdAt.toISOString()],
      ['balance', usd('usd.balance')],
      ['invested', usd('usd.invested')],
      ['earnings', usd('usd.earnings')],
      ['fundBalance', usd('usd.fund')],
    ];
    return {
      id: user.id,
      fields: fields.map(([field, value]) => ({ field, value })),
      editableFields: [...EDITABLE_USER_FIELDS],
    };
  }

  /**
   * Applies one whitelisted field change, audited with before and after. `verifiedAt` is when the
   * acting admin last proved the second factor: their own e-mail and wallet need it fresh (issue #6).
   */
  async function setField(
    adminId: string,
    userId: string,
    field: string,
    raw: string,
    ip: string,
    verifiedAt: number | null = null,
    conn: Db = db,
  ) {
    checkField(field, raw);
    const key = field as EditableUserField;
    const user = await usersRepository.findById(conn, userId);
    if (!user) throw errors.notFound(MSG.admin.notFound);
    const value = parseField(key, raw);
    if (userId === adminId && (key === 'email' || key === 'walletAddress') && !freshlyVerified(verifiedAt)) {
      throw new AppError(403, 'REAUTH_REQUIRED', MSG.totp.reauthRequired);
    }
    if (userId === adminId && ((key === 'role' && value !== 'admin') || (key === 'disabled' && value === true))) {
      throw new AppError(403, 'FORBIDDEN', MSG.admin.selfDemote);
    }
    const before = user[COLUMN[key]];
    try {
      await conn
        .update(users)
        .set({ [COLUMN[key]]: value, updatedAt: clock.now() })
        .where(eq(users.id, userId));
    } catch (error) {
      if (pgErrorCode(error) === '23505') {
        const c = pgConstraint(error) ?? '';
        const message = c.includes('email')
          ? MSG.admin.emailTaken
          : c.includes('phone')
            ? MSG.admin.phoneTaken
            : c.includes('username')
              ? MSG.profile.usernameTaken
              : MSG.referral.taken;
        throw new AppError(409, 'CONFLICT', message, { [field]: message });
      }
      throw error;
    }
    await audit.record(
      {
        actorId: adminId,
        action: 'user.update',
        targetType: 'user',
        targetId: userId,
        before: { [field]: before },
        after: { [field]: value },
        ip,
      },
      conn,
    );
  }

  return {
    setField,

    async lookup(email: string) {
      if (!email) throw new AppError(400, 'VALIDATION_ERROR', MSG.admin.emailRequired);
      if (!ADMIN_EMAIL_PATTERN.test(email)) throw new AppError(400, 'VALIDATION_ERROR', MSG.admin.emailInvalid);
      const user = await usersRepository.findByEmail(db, email);
      if (!user) throw errors.notFound(MSG.admin.notFound);
      return details(user);
    },

    async updateField(
      adminId: string,
      userId: string,
      field: string,
      value: string,
      ip: string,
      verifiedAt: number | null = null,
    ) {
      // The change and its audit entry stand or fall together.
      await inTransaction(db, (tx) => setField(adminId, userId, field, value, ip, verifiedAt, asDb(tx)));
      const user = await usersRepository.findById(db, userId);
      return { success: true as const, message: MSG.admin.updated, user: await details(user!) };
    },

    /** The referral panel's "Save Changes": name, e-mail and phone together. */
    async updateContact(
      adminId: string,
      userId: string,
      input: { name: string; email: string; phone: string },
      ip: string,
      verifiedAt: number | null = null,
    ) {
      const user = await usersRepository.findById(db, userId);
      if (!user) throw errors.notFound(MSG.admin.referralUserNotFound);
      const changes: [string, string][] = [];
      if ((input.name || null) !== user.name) changes.push(['name', input.name]);
      if (input.email && input.email !== user.email) changes.push(['email', input.email]);
      if ((input.phone || null) !== user.phone) changes.push(['phone', input.phone]);
      // All or nothing: a bad phone must not leave the name already changed behind a 400.
      for (const [field, value] of changes) checkField(field, value);
      // One transaction: a taken e-mail (409) or a refused step-up (403) undoes the name saved before it.
      await inTransaction(db, async (tx) => {
        for (const [field, value] of changes) await setField(adminId, userId, field, value, ip, verifiedAt, asDb(tx));
      });
      return { success: true as const, message: MSG.admin.referralUpdated };
    },

    async list() {
      const rows = await db.select().from(users).orderBy(users.createdAt).limit(1000);
      return {
        users: rows.map((u) => ({
          id: u.id,
          name: u.name ?? '',
          email: u.email,
          username: u.username,
          role: u.role,
          disabled: u.disabled,
        })),
      };
    },

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

    async updateDatasetRow(
      adminId: string,
      table: string,
      id: string,
      row: Record<string, string | null>,
      ip: string,
      verifiedAt: number | null = null,
    ) {
      // Own keys only: `'__proto__' in {}` is true, and Object.prototype has no `includes` (a 500).
      if (!Object.hasOwn(DATASET_EDITABLE, table)) throw errors.notFound();
      const allowed = DATASET_EDITABLE[table as DatasetName] as readonly string[];
      const changes = Object.entries(row).filter(([k]) => k !== 'id');
      const rejected = changes.find(([k]) => !allowed.includes(k));
      if (rejected) throw invalid(rejected[0], MSG.admin.fieldNotEditable);
      // Every value is checked before the first write, so a 400 leaves the row as it was.
      for (const [field, value] of changes) {
        if (field !== 'referralCode') checkField(field, value ?? '');
        else if ((value ?? '').trim() && !/^[A-Za-z0-9_]{1,20}$/.test((value ?? '').trim()))
          throw invalid(field, MSG.referral.customInvalid);
      }
      // One transaction, as for contacts: a 409 or 403 on a later field undoes the earlier ones.
      await inTransaction(db, async (tx) => {
        const conn = asDb(tx);
        for (const [field, value] of changes) {
          if (field === 'referralCode') {
            const code = (value ?? '').trim();
            if (code && !/^[A-Za-z0-9_]{1,20}$/.test(code)) throw invalid(field, MSG.referral.customInvalid);
            const user = await usersRepository.findById(conn, id);
            if (!user) throw errors.notFound();
            try {
              await conn
                .update(users)
                .set({ referralCode: code || null, updatedAt: clock.now() })
                .where(eq(users.id, id));
            } catch (error) {
              if (pgErrorCode(error) === '23505')
                throw new AppError(409, 'CONFLICT', MSG.referral.taken, { referralCode: MSG.referral.taken });
              throw error;
            }
            await audit.record(
              {
                actorId: adminId,
                action: 'user.update',
                targetType: 'user',
                targetId: id,
                before: { referralCode: user.referralCode },
                after: { referralCode: code || null },
                ip,
              },
              conn,
            );
          } else {
            await setField(adminId, id, field, value ?? '', ip, verifiedAt, conn);
          }
        }
      });
      return { success: true as const, message: MSG.admin.updated };
    },

    /** A balance adjustment is a ledger transaction with a reason, never a field edit (DESIGN D13). */
    async adjust(
      adminId: string,
      userId: string,
      input: { account: keyof typeof USER_ACCOUNTS; direction: 'credit' | 'debit'; amount: string; reason: string },
      ip: string,
    ) {
      const user = await usersRepository.findById(db, userId);
      if (!user) throw errors.notFound(MSG.admin.notFound);
      if (!input.reason) throw invalid('reason', MSG.admin.adjustReasonRequired);
      const asset = USER_ACCOUNTS[input.account];
      const amount = parseAmount(input.amount, asset, asset === 'SVP' ? 0 : 2);
      if (amount === null || amount <= 0n || amount > 10n ** 15n) throw invalid('amount', MSG.admin.adjustInvalid);
      const before = (await ledger.balances(userId)).get(input.account) ?? 0n;
      const signed = input.direction === 'credit' ? amount : -amount;
      try {
        await ledger.post({
          kind: 'admin.adjustment',
          idempotencyKey: `adjust:${randomUUID()}`,
          actorId: adminId,
          memo: `Adjustment by support: ${input.reason}`,
          legs: [
            { account: userAccount(userId, input.account), amount: signed },
            { account: SINK[asset], amount: -signed },
          ],
        });
      } catch (error) {
        if (error instanceof InsufficientFundsError)
          throw new AppError(409, 'INSUFFICIENT_FUNDS', MSG.admin.adjustInsufficient);
        throw error;
      }
      const after = before + signed;
      await audit.record({
        actorId: adminId,
        action: 'balance.adjust',
        targetType: 'user',
        targetId: userId,
        before: { [input.account]: toDecimalString(before, asset) },
        after: { [input.account]: toDecimalString(after, asset), reason: input.reason },
        ip,
      });
      return {
        success: true as const,
        message: MSG.admin.adjusted,
        user: await details((await usersRepository.findById(db, userId))!),
      };
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
