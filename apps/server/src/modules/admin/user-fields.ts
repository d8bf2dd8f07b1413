import {
  EDITABLE_USER_FIELDS,
  isEmail,
  normalizeEmail,
  MSG,
  WALLET_PATTERN,
  DATASET_EDITABLE,
  type DatasetName,
  type EditableUserField,
} from '@svp/shared';
import { AppError, errors } from '../../http/errors.js';
import { pgConstraint } from '../../db/pg-errors.js';
import type { UserRow } from '../users/users.repository.js';

// The whitelist of user fields an admin may edit (DESIGN D13): how each value is checked and where it is stored.

/** The `users` column behind each editable field. */
export const USER_COLUMN: Record<EditableUserField, keyof UserRow> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  username: 'username',
  walletAddress: 'walletAddress',
  role: 'role',
  disabled: 'disabled',
};

const REFERRAL_CODE = /^[A-Za-z0-9_]{1,20}$/;

export const invalidField = (field: string, message: string = MSG.admin.invalidValue) =>
  new AppError('VALIDATION_ERROR', message, { [field]: message });

/** Turns a typed value into the column value, or says why it cannot be. */
export function parseField(field: EditableUserField, raw: string): string | boolean | null {
  const value = raw.trim();
  switch (field) {
    case 'name':
      return value ? value.slice(0, 100) : null;
    case 'email':
      if (!isEmail(value)) throw invalidField(field, MSG.register.emailInvalid);
      return normalizeEmail(value);
    case 'phone':
      if (!value) return null;
      if (!/^\+?[0-9][0-9 ()-]{4,19}$/.test(value)) throw invalidField(field);
      return value.replace(/[ ()-]/g, '');
    case 'username':
      if (!/^[A-Za-z0-9_]{3,30}$/.test(value)) throw invalidField(field, MSG.profile.usernameInvalid);
      return value;
    case 'walletAddress':
      if (!WALLET_PATTERN.test(value)) throw invalidField(field, MSG.register.walletInvalid);
      return value;
    case 'role':
      if (value !== 'user' && value !== 'admin') throw invalidField(field);
      return value;
    case 'disabled':
      if (value !== 'true' && value !== 'false') throw invalidField(field);
      return value === 'true';
  }
}

/** A field edit's checks without the write: a save of several fields checks them all before the first change. */
export function checkField(field: string, raw: string): asserts field is EditableUserField {
  if (!field || (!raw && field !== 'name' && field !== 'phone'))
    throw new AppError('VALIDATION_ERROR', MSG.admin.selectField);
  if (!(EDITABLE_USER_FIELDS as readonly string[]).includes(field))
    throw invalidField(field, MSG.admin.fieldNotEditable);
  parseField(field as EditableUserField, raw);
}

/** A referral code as typed on the referral data set: blank clears it. */
export function parseReferralCode(raw: string | null): string | null {
  const code = (raw ?? '').trim();
  if (code && !REFERRAL_CODE.test(code)) throw invalidField('referralCode', MSG.referral.customInvalid);
  return code || null;
}

/**
 * Checks a data-set row edit (SPEC §7) before anything is written: only that set's editable columns,
 * each value valid, so a 400 leaves the row as it was.
 */
export function checkDatasetRow(table: string, row: Record<string, string | null>): [string, string | null][] {
  // Own keys only: `'__proto__' in {}` is true, and Object.prototype has no `includes` (a 500).
  if (!Object.hasOwn(DATASET_EDITABLE, table)) throw errors.notFound();
  const allowed = DATASET_EDITABLE[table as DatasetName] as readonly string[];
  const changes = Object.entries(row).filter(([k]) => k !== 'id');
  const rejected = changes.find(([k]) => !allowed.includes(k));
  if (rejected) throw invalidField(rejected[0], MSG.admin.fieldNotEditable);
  for (const [field, value] of changes) {
    if (field === 'referralCode') parseReferralCode(value);
    else checkField(field, value ?? '');
  }
  return changes;
}

/** What a unique violation means to the admin: which of e-mail, phone, username or referral code is taken. */
export function takenMessage(error: unknown): string {
  const constraint = pgConstraint(error) ?? '';
  if (constraint.includes('email')) return MSG.admin.emailTaken;
  if (constraint.includes('phone')) return MSG.admin.phoneTaken;
  if (constraint.includes('username')) return MSG.profile.usernameTaken;
  return MSG.referral.taken;
}
