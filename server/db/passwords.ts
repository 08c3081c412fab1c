/**
 * Password hashing for users: argon2id with memoryCost 19456 KiB and timeCost 2 (OWASP / ASVS
 * 11.4.2), via @node-rs/argon2. `hashPassword` for new passwords, `verifyPassword` to check one;
 * the hash string carries its own parameters and salt.
 */
import { hash, verify, type Algorithm } from "@node-rs/argon2"

// Algorithm is an ambient const enum (not usable under isolatedModules): 2 is Argon2id.
const ARGON2ID = 2 as Algorithm.Argon2id

/** The argon2id parameters every stored hash uses. */
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

/** An argon2id hash (PHC string) of `password` with a random salt. */
export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS)

/** Whether `password` matches `passwordHash`; a malformed hash answers false, never throws. */
export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}
