/**
 * "Sign-in from a new device" (issue 36, decision 0250): a sign-in completes (the code step passed)
 * on a device from which the user had no other completed sign-in the server still remembers (its
 * access tokens, kept for the session's lifetime). A trusted device skips the code step and is not
 * new by definition.
 */
import type { Kysely } from "kysely"
import type { NotificationParams } from "../../src/domain/notifications"
import { parseUserAgent } from "../../src/domain/user-agent"
import { authDb } from "../auth/tables"
import type { DB } from "../db/schema"

/** Whether no completed sign-in of the user other than the token `tokenId` came from this device. */
export const isNewDevice = async (db: Kysely<DB>, userId: string, deviceHash: string, tokenId: string): Promise<boolean> =>
  (await authDb(db)
    .selectFrom("accessTokens")
    .select("id")
    .where("userId", "=", userId)
    .where("deviceHash", "=", deviceHash)
    .where("otpSatisfied", "=", true)
    .where("id", "!=", tokenId)
    .limit(1)
    .executeTakeFirst()) === undefined

/** The notice's values for a browser's User-Agent header: its browser and system, "" where not recognised. */
export const deviceParams = (userAgent: string | undefined): NotificationParams<"new-device-sign-in"> => {
  const info = parseUserAgent(userAgent ?? "")
  return { browser: info.browser ?? "", os: info.os ?? "" }
}
