/**
 * What every product query shares: the signed-in user's group partners (the providers and
 * custodians they may use, spec part 1 section 6) and ownership checks that answer 404 for
 * anything that is not the user's, including ids that are not UUIDs (never a 500).
 */
import type { Kysely } from "kysely"
import { isUuid } from "../auth/users"
import type { DB, Row } from "../db/schema"
import { ApiErrors } from "../http/errors"

/** A partner of the user's group, in the group's order. */
export interface GroupPartner {
  readonly id: string
  readonly name: string
}

/** The partners of the user's group, in their listed order (none when the user has no group). */
export const groupPartnersOf = async (db: Kysely<DB>, userId: string): Promise<GroupPartner[]> =>
  db
    .selectFrom("users")
    .innerJoin("groupPartners", "groupPartners.userGroupId", "users.userGroupId")
    .innerJoin("partners", "partners.id", "groupPartners.partnerId")
    .select(["partners.id as id", "partners.name as name"])
    .where("users.id", "=", userId)
    .orderBy("groupPartners.position")
    .orderBy("partners.name")
    .execute()

/** The text of the 404 for an account that is not the user's. */
export const ACCOUNT_NOT_FOUND = "No such portfolio."

/** An account row with its partner's name. */
export type AccountRow = Row<"accounts"> & { readonly partner: string }

/** The user's account with this id, or 404 (unknown, another user's, or not a UUID). */
export const ownedAccount = async (db: Kysely<DB>, userId: string, accountId: string): Promise<AccountRow> => {
  const row = isUuid(accountId)
    ? await db
        .selectFrom("accounts")
        .innerJoin("partners", "partners.id", "accounts.partnerId")
        .selectAll("accounts")
        .select("partners.name as partner")
        .where("accounts.accountId", "=", accountId)
        .where("accounts.userId", "=", userId)
        .executeTakeFirst()
    : undefined
  if (!row) throw ApiErrors.notFound(ACCOUNT_NOT_FOUND)
  return row
}

/**
 * The version of the user's account with this id (migration 0019), or null when it is not the
 * user's (unknown, another user's, or not a UUID): one statement over two primary keys.
 */
export const ownedAccountVersion = async (db: Kysely<DB>, userId: string, accountId: string): Promise<number | null> => {
  if (!isUuid(accountId)) return null
  const row = await db
    .selectFrom("accounts")
    .innerJoin("accountVersions", "accountVersions.accountId", "accounts.accountId")
    .select("accountVersions.version")
    .where("accounts.accountId", "=", accountId)
    .where("accounts.userId", "=", userId)
    .executeTakeFirst()
  return row?.version ?? null
}
