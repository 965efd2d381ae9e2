import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) at 19 MiB, t=2, p=1: OWASP's minimum, ~9 ms here.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A real hash of a random password, verified when no user matches so both paths take as long.
let decoy: Promise<string> | undefined;
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(`decoy-${Math.random()}`);
  await verifyPassword(await decoy, password);
  return false;
}
