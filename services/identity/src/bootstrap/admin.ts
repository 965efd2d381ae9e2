import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DuplicateKeyError, type ServiceContext } from '@limo/platform';
import { hashPassword } from '../domain/passwords.js';
import type { IdentitySettings } from '../settings.js';
import type { UsersRepository } from '../repositories/users.repository.js';

/**
 * Makes sure an admin exists. With ADMIN_EMAIL/ADMIN_PASSWORD that account is created (or promoted);
 * otherwise, when there is no admin at all, one is generated once and its password printed and kept
 * in `DATA_DIR/admin-credentials.txt` (mode 600).
 */
export async function ensureAdmin(ctx: ServiceContext, settings: IdentitySettings, users: UsersRepository): Promise<void> {
  const { config, logger } = ctx;
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = settings;
  if (ADMIN_EMAIL && ADMIN_PASSWORD) {
    // A second try when a replica starting at the same moment took the email or the username first.
    for (let attempt = 1; ; attempt++) {
      const existing = await users.findByEmail(ADMIN_EMAIL);
      if (existing) {
        if (existing.role !== 'admin') await users.setRole(existing._id, 'admin');
        return;
      }
      const username = (await users.findByUsername(settings.ADMIN_USERNAME))
        ? `${settings.ADMIN_USERNAME}-${randomBytes(3).toString('hex')}`
        : settings.ADMIN_USERNAME;
      const passwordHash = await hashPassword(ADMIN_PASSWORD);
      if (await insertOnce(users.insert({ username, email: ADMIN_EMAIL, passwordHash, role: 'admin' }))) break;
      if (attempt === 3) throw new Error(`could not create the admin account ${ADMIN_EMAIL}: its email or username stays taken`);
    }
    logger.info({ email: ADMIN_EMAIL }, 'admin account created from ADMIN_EMAIL');
    return;
  }
  if ((await users.count({ role: 'admin' })) > 0) return;
  const email = 'admin@limodirectory.local';
  const password = randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  if (!(await insertOnce(users.insert({ username: settings.ADMIN_USERNAME, email, passwordHash, role: 'admin' })))) {
    // A replica starting at the same moment generated it: its password is in that replica's log and file.
    if ((await users.count({ role: 'admin' })) > 0) return;
    throw new Error(
      `no admin account, and ${email} or the username ${settings.ADMIN_USERNAME} is taken: set ADMIN_EMAIL and ADMIN_PASSWORD`,
    );
  }
  await mkdir(config.DATA_DIR, { recursive: true });
  const file = join(config.DATA_DIR, 'admin-credentials.txt');
  await writeFile(file, `email: ${email}\npassword: ${password}\n`, { mode: 0o600 });
  logger.warn({ email, file }, 'generated an admin account; its password is in the file');
  console.log(`\n  Admin account created: ${email} / ${password}  (also in ${file})\n`);
}

/** Whether the insert stored the account (false: one with its email or username exists already). */
async function insertOnce(insert: Promise<unknown>): Promise<boolean> {
  try {
    await insert;
    return true;
  } catch (err) {
    if (err instanceof DuplicateKeyError) return false;
    throw err;
  }
}
