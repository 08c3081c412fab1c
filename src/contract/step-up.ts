/**
 * The step-up before money leaves to a new place (issue 35; src/domain/step-up.ts): the app asks
 * for a code (POST /auth/step-up: an e-mailed code is sent, an app user reads the app), then
 * verifies it (POST /auth/step-up/verify, the body of the sign-in code step); for 5 minutes the
 * session may then add a bank account or send a first withdrawal to a new one.
 */
import { Schema } from "effect"

/** The answer of POST /auth/step-up: where the code comes from, and the server's text. */
export const StepUpStart = Schema.Struct({
  method: Schema.Literals(["EMAIL", "APP"]),
  message: Schema.String,
})
export type StepUpStart = typeof StepUpStart.Type
