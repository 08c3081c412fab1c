/**
 * The step-up before money leaves to a new place (issue 35; the rule is src/domain/step-up.ts):
 * a one-time code verified for a session (token chain) is recorded with its time; adding a bank
 * account and the first withdrawal to a bank account less than 24 hours old ask for one verified
 * for the caller's own session within 5 minutes, else answer 403 `step_up.required`. A code
 * verified in another session (another browser, another sign-in) does not count; a reauth keeps
 * the session, so it keeps its step-up.
 */
import type { Kysely } from "kysely"
import { ErrorCodes } from "../../src/contract/errors"
import { isFreshStepUp } from "../../src/domain/step-up"
import type { DB } from "../db/schema"
import { ApiError } from "../http/errors"
import { authDb } from "./tables"

/** The English text of the refusal (the app says it by its code in the user's language). */
export const STEP_UP_REQUIRED_TEXT = "Confirm it is you: enter a new one-time code to continue."

/** 403 `step_up.required`: the operation needs a fresh step-up of this session. */
export const stepUpRequired = (): ApiError => new ApiError(403, ErrorCodes.stepUpRequired, STEP_UP_REQUIRED_TEXT)

/** Records that a code was verified now for the session of `tokenId` (replacing an earlier one). */
export const recordStepUp = async (db: Kysely<DB>, input: { readonly userId: string; readonly tokenId: string; readonly now: number }): Promise<void> => {
  const adb = authDb(db)
  const token = await adb.selectFrom("accessTokens").select("chainId").where("id", "=", input.tokenId).where("userId", "=", input.userId).executeTakeFirst()
  if (!token) return
  const verifiedAt = new Date(input.now)
  await adb
    .insertInto("stepUps")
    .values({ chainId: token.chainId, userId: input.userId, verifiedAt })
    .onConflict((oc) => oc.column("chainId").doUpdateSet({ verifiedAt }))
    .execute()
}

/** Whether the session of `tokenId` has a step-up of this user that still holds at `now`. */
export const hasFreshStepUp = async (db: Kysely<DB>, input: { readonly userId: string; readonly tokenId: string; readonly now: number }): Promise<boolean> => {
  const row = await authDb(db)
    .selectFrom("stepUps")
    .innerJoin("accessTokens", "accessTokens.chainId", "stepUps.chainId")
    .select("stepUps.verifiedAt")
    .where("accessTokens.id", "=", input.tokenId)
    .where("stepUps.userId", "=", input.userId)
    .executeTakeFirst()
  return isFreshStepUp(row ? Date.parse(row.verifiedAt) : null, input.now)
}

/** Throws 403 `step_up.required` unless the session of `tokenId` has a fresh step-up. */
export const requireFreshStepUp = async (db: Kysely<DB>, input: { readonly userId: string; readonly tokenId: string; readonly now: number }): Promise<void> => {
  if (!(await hasFreshStepUp(db, input))) throw stepUpRequired()
}
