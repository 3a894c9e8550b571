import { hash, verify } from '@node-rs/argon2';

// 2 is Algorithm.Argon2id (a const enum the package exports only as a type).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

// Verifying against this when the email is unknown keeps the timing the same as for a real user.
const DUMMY_HASH = hash('not-a-real-password', OPTIONS);

export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  try {
    return await verify(storedHash ?? (await DUMMY_HASH), password);
  } catch {
    return false;
  }
}
