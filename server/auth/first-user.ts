/**
 * Creating a real user from the command line (`npm start -- --create-user EMAIL "FULL NAME"`):
 * with demo mode off no e-mail can be read, so the first users sign in with an authenticator app.
 * The password and the TOTP secret are generated here and printed once; nothing else keeps them
 * in clear.
 */
import { randomBytes } from "node:crypto"
import type { Kysely } from "kysely"
import { Secret, TOTP } from "otpauth"
import { isEmail } from "../../src/domain/validation"
import { hashPassword } from "../db/passwords"
import type { DB } from "../db/schema"
import { TOTP as TOTP_SETTINGS } from "./settings"
import { authDb } from "./tables"
import { createRegisteredUser, findUserByEmail, usernameTaken } from "./users"

/** What the operator is shown once: how the new user signs in. */
export interface CreatedUser {
  readonly email: string
  readonly username: string
  readonly password: string
  readonly totpSecret: string
  readonly otpauthUri: string
}

/** Refusals of `createFirstUser`, as the sentence the command prints. */
export class CreateUserError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "CreateUserError"
  }
}

/** A generated password: 24 random URL-safe characters plus one of each class the reset rules ask for. */
const newPassword = (): string => `${randomBytes(18).toString("base64url")}aA7#`

/** A free username from the e-mail's local part ("ada.obi" -> "ada.obi", then "ada.obi2" ...). */
const freeUsername = async (db: Kysely<DB>, email: string): Promise<string> => {
  const base = (email.split("@")[0] ?? "user").replace(/[^A-Za-z0-9._-]/g, "").slice(0, 40) || "user"
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}${n}`
    if (!(await usernameTaken(db, candidate))) return candidate
  }
}

/**
 * Creates a user who signs in with the generated password and a code from an authenticator app.
 * Throws `CreateUserError` for a malformed or already registered e-mail or an empty name.
 */
export const createFirstUser = async (
  db: Kysely<DB>,
  input: { readonly email: string; readonly fullName: string; readonly now: number },
): Promise<CreatedUser> => {
  const email = input.email.trim()
  const fullName = input.fullName.trim()
  if (!isEmail(email)) throw new CreateUserError(`"${email}" is not an e-mail address.`)
  if (fullName === "") throw new CreateUserError("Give the user's full name after the e-mail address.")
  if (await findUserByEmail(db, email)) throw new CreateUserError(`A user with the e-mail ${email} already exists.`)
  const password = newPassword()
  const secret = new Secret({ size: 20 })
  const username = await freeUsername(db, email)
  const user = await db.transaction().execute(async (trx) => {
    const created = await createRegisteredUser(trx, {
      email,
      fullname: fullName,
      username,
      passwordHash: await hashPassword(password),
      now: input.now,
      address: null,
    })
    await authDb(trx).updateTable("users").set({ otpMethod: "APP", totpSecret: secret.base32 }).where("id", "=", created.id).execute()
    return created
  })
  const totp = new TOTP({
    issuer: "Chartfolio",
    label: user.email,
    secret,
    algorithm: TOTP_SETTINGS.algorithm,
    digits: TOTP_SETTINGS.digits,
    period: TOTP_SETTINGS.periodSeconds,
  })
  return { email: user.email, username, password, totpSecret: secret.base32, otpauthUri: totp.toString() }
}
