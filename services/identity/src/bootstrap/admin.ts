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
  if (settings.ADMIN_EMAIL && settings.ADMIN_PASSWORD) {
    const existing = await users.findByEmail(settings.ADMIN_EMAIL);
    if (existing) {
      if (existing.role !== 'admin') await users.setRole(existing._id, 'admin');
      return;
    }
    const username = (await users.findByUsername(settings.ADMIN_USERNAME))
      ? `${settings.ADMIN_USERNAME}-${randomBytes(3).toString('hex')}`
      : settings.ADMIN_USERNAME;
    const created = await insertOnce(
      users.insert({ username, email: settings.ADMIN_EMAIL, passwordHash: await hashPassword(settings.ADMIN_PASSWORD), role: 'admin' }),
    );
    // Another replica starting at the same moment created it.
    if (!created) return ensureAdmin(ctx, settings, users);
    logger.info({ email: settings.ADMIN_EMAIL }, 'admin account created from ADMIN_EMAIL');
    return;
  }
  if ((await users.count({ role: 'admin' })) > 0) return;
  const email = 'admin@limodirectory.local';
  const password = randomBytes(12).toString('base64url');
  // Another replica starting at the same moment may have generated it: its password is in its log and file.
  if (
    !(await insertOnce(
      users.insert({ username: settings.ADMIN_USERNAME, email, passwordHash: await hashPassword(password), role: 'admin' }),
    ))
  ) {
    return;
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
