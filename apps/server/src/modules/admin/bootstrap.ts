import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { adminRoles } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { hashPassword } from '../auth/password.js';
import { usersRepository } from '../users/users.repository.js';

/**
 * Creates the first admin when there is none (DESIGN D14): from ADMIN_EMAIL/ADMIN_PASSWORD, or
 * with a generated password that is returned once for the console and never stored in clear.
 */
export async function ensureFirstAdmin(
  db: Db,
  clock: Clock,
  config: Config,
): Promise<{ email: string; password: string | null; created: boolean }> {
  if (await usersRepository.anyAdmin(db)) return { email: config.ADMIN_EMAIL, password: null, created: false };
  const generated = !config.ADMIN_PASSWORD;
  const password = config.ADMIN_PASSWORD ?? randomBytes(18).toString('base64url');
  const now = clock.now();
  const passwordHash = await hashPassword(password);
  // The first admin can do everything, including granting roles (DESIGN D18): one transaction, so no admin is
  // ever left without the role that lets anyone grant one.
  await inTransaction(db, async (tx) => {
    const admin = await usersRepository.insert(tx, {
      email: config.ADMIN_EMAIL,
      username: 'admin',
      name: 'Administrator',
      walletAddress: '0x0000000000000000000000000000000000000000',
      passwordHash,
      role: 'admin',
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(adminRoles).values({ userId: admin.id, role: 'superadmin', grantedAt: now });
  });
  return { email: config.ADMIN_EMAIL, password: generated ? password : null, created: true };
}
