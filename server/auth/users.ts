/**
 * Users as authentication reads and writes them: lookup by e-mail, the contract's `AuthUser` and
 * `AdminUser` views, and the account a registration creates.
 */
import { sql, type Kysely } from "kysely"
import type { AdminUser, AuthUser, UserGroup } from "../../src/contract/auth"
import type { DB, Row } from "../db/schema"
import { DEMO_GROUP_NAME } from "../db/seed/demo-users"
import { newUserProfile } from "../db/new-user-profile"
import { CUSTOMER_LEVEL } from "../../src/domain/labels"

/** A user row. */
export type UserRow = Row<"users">

/** The form e-mails are compared and counted in: trimmed, lower-case. */
export const normalEmail = (email: string): string => email.trim().toLowerCase()

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether a text is a UUID (anything else can name no user; PostgreSQL would reject the cast). */
export const isUuid = (text: string): boolean => UUID.test(text)

/** The user with this e-mail (case-insensitive), if any. */
export const findUserByEmail = async (db: Kysely<DB>, email: string): Promise<UserRow | undefined> =>
  db
    .selectFrom("users")
    .selectAll()
    .where(sql<string>`lower(email)`, "=", normalEmail(email))
    .executeTakeFirst()

/** The user with this id, if any (a malformed id is none). */
export const findUserById = async (db: Kysely<DB>, id: string): Promise<UserRow | undefined> =>
  isUuid(id) ? db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst() : undefined

/** The user's group with its partners in their listed order, or null when the user has none. */
export const userGroupOf = async (db: Kysely<DB>, userGroupId: string | null): Promise<UserGroup | null> => {
  if (userGroupId === null) return null
  // One query: the group's row once per partner (once with no partner when it has none).
  const rows = await db
    .selectFrom("userGroups")
    .leftJoin("groupPartners", "groupPartners.userGroupId", "userGroups.id")
    .leftJoin("partners", "partners.id", "groupPartners.partnerId")
    .select(["userGroups.companyName as groupCompanyName", "partners.name as partnerName"])
    .where("userGroups.id", "=", userGroupId)
    .orderBy("groupPartners.position")
    .orderBy("partners.name")
    .execute()
  return groupOfRows(rows)
}

/** The group of rows that carry it once per partner (null when the first row has no group). */
const groupOfRows = (rows: ReadonlyArray<{ readonly groupCompanyName: string | null; readonly partnerName: string | null }>): UserGroup | null => {
  const companyName = rows[0]?.groupCompanyName
  if (companyName === null || companyName === undefined) return null
  return { companyName, partner: rows.flatMap((r) => (r.partnerName === null ? [] : [{ name: r.partnerName }])) }
}

/**
 * The user with this id and their group with its partners, in one query (GET /admins/me runs on
 * every page load and session check): the user's row once per partner of the group.
 */
export const findUserWithGroup = async (db: Kysely<DB>, id: string): Promise<{ user: UserRow; group: UserGroup | null } | undefined> => {
  if (!isUuid(id)) return undefined
  const rows = await db
    .selectFrom("users")
    .leftJoin("userGroups", "userGroups.id", "users.userGroupId")
    .leftJoin("groupPartners", "groupPartners.userGroupId", "userGroups.id")
    .leftJoin("partners", "partners.id", "groupPartners.partnerId")
    .selectAll("users")
    .select(["userGroups.companyName as groupCompanyName", "partners.name as partnerName"])
    .where("users.id", "=", id)
    .orderBy("groupPartners.position")
    .orderBy("partners.name")
    .execute()
  const first = rows[0]
  if (!first) return undefined
  const { groupCompanyName: _group, partnerName: _partner, ...user } = first
  return { user: user as UserRow, group: groupOfRows(rows) }
}

/** The contract's `AuthUser` of a user. */
export const toAuthUser = (user: UserRow, group: UserGroup | null, otpSatisfied: boolean): AuthUser => ({
  id: user.id,
  userGroup: group,
  otpMethod: user.otpMethod,
  otpSatisfied,
})

/** The contract's `AdminUser` of a signed-in user; a user without a group shows an empty one. */
export const toAdminUser = (user: UserRow, group: UserGroup | null): AdminUser => ({
  userId: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  fullname: user.fullName,
  email: user.email,
  adminLevel: user.adminLevel,
  otpSatisfied: true,
  userGroup: group ?? { companyName: "", partner: [] },
  reviewer: user.reviewer,
})

/** Whether a username is taken (case-insensitive). */
export const usernameTaken = async (db: Kysely<DB>, username: string): Promise<boolean> =>
  (await db
    .selectFrom("users")
    .select("id")
    .where(sql<string>`lower(username)`, "=", username.trim().toLowerCase())
    .executeTakeFirst()) !== undefined

const splitName = (fullname: string): { firstName: string; lastName: string } => {
  const parts = fullname.trim().split(/\s+/)
  return { firstName: parts[0] ?? "", lastName: parts.slice(1).join(" ") }
}

/**
 * Creates the account of a registration: e-mailed codes, the customer level (not an admin), the demo group (when it
 * exists), and an unverified ('pending') profile with only the basic data; no portfolio. Run it in
 * a transaction. Answers the new user row.
 */
export const createRegisteredUser = async (
  db: Kysely<DB>,
  input: {
    readonly email: string
    readonly fullname: string
    readonly username: string
    readonly passwordHash: string
    readonly now: number
    readonly address: string | null
  },
): Promise<UserRow> => {
  const at = new Date(input.now)
  const group = await db.selectFrom("userGroups").select("id").where("companyName", "=", DEMO_GROUP_NAME).orderBy("createdAt").executeTakeFirst()
  const { firstName, lastName } = splitName(input.fullname)
  const user = await db
    .insertInto("users")
    .values({
      email: input.email.trim(),
      username: input.username.trim(),
      fullName: input.fullname.trim(),
      firstName,
      lastName,
      passwordHash: input.passwordHash,
      adminLevel: CUSTOMER_LEVEL,
      otpMethod: "EMAIL",
      totpSecret: null,
      userGroupId: group?.id ?? null,
      createdAt: at,
      updatedAt: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  await db
    .insertInto("profiles")
    .values(
      newUserProfile({
        userId: user.id,
        username: user.username,
        email: user.email,
        firstName,
        lastName,
        ipAddress: input.address,
        privacyPolicy: false,
        at,
      }),
    )
    .execute()
  return user
}
