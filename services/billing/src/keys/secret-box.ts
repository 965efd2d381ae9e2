import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const VERSION = 'v1';

/** AES-256-GCM for the provider keys stored at rest: `v1:<iv>:<tag>:<ciphertext>`, base64url parts. */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /** From a 32-byte key given as 64 hex characters or base64. */
  static fromKey(text: string): SecretBox {
    const key = /^[0-9a-fA-F]{64}$/.test(text)
      ? Buffer.from(text, 'hex')
      : Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length !== 32) throw new Error('BILLING_ENCRYPTION_KEY must be 32 bytes (64 hex characters or base64)');
    return new SecretBox(key);
  }

  /** The key from `dir/.encryption-key`, generated there (mode 600) on first use. */
  static fromDir(dir: string): SecretBox {
    const file = join(dir, '.encryption-key');
    if (existsSync(file)) return SecretBox.fromKey(readFileSync(file, 'utf8').trim());
    mkdirSync(dir, { recursive: true });
    const key = randomBytes(32).toString('hex');
    writeFileSync(file, key, { mode: 0o600 });
    return SecretBox.fromKey(key);
  }

  /** Encrypts with a fresh 96-bit IV; `context` is bound as additional data (a key cannot be moved to another field). */
  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
  }

  /** Decrypts what `seal` wrote with the same context; throws when it was altered or the key differs. */
  open(sealed: string, context: string): string {
    const [version, iv, tag, body] = sealed.split(':');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
