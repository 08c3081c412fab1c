/**
 * The workflow explorer's approval trail (issue 13): a compliance reviewer approves a chart's
 * current fingerprint (SHA-256 of its canonical definition, src/machines/fingerprint.ts) with a
 * note; the server records who, when and which fingerprint. Only admins with the reviewer
 * permission (`AdminUser.reviewer`) reach these calls; for anyone else they do not exist (404).
 */
import { Schema } from "effect"
import { IsoDate } from "./common"

/** Texts of the approval request's checks (the server answers them per field in a 400). */
export const APPROVAL_MESSAGES = {
  chart: "Expected a chart id: 1 to 80 lower-case letters, digits or hyphens",
  fingerprint: "Expected a SHA-256 fingerprint: 64 lower-case hexadecimal characters",
  note: "Write a note of 1 to 500 characters",
} as const

/** The longest approval note, in code points (after trimming). */
export const APPROVAL_NOTE_MAX = 500

/**
 * The `values` of a 400 that refuses the approval note (empty, blank or too long): the app says
 * `errors:codes.bad_request_approval_note` in the user's language.
 */
export const APPROVAL_NOTE_REFUSED: Readonly<Record<string, string>> = { reason: "approval_note", max: String(APPROVAL_NOTE_MAX) }

/** A chart id: the machine's file name without `.machine.ts` ("order-ticket"). */
export const ChartId = Schema.String.check(Schema.isPattern(/^[a-z0-9-]{1,80}$/, { message: APPROVAL_MESSAGES.chart })).pipe(
  Schema.annotateKey({ messageMissingKey: APPROVAL_MESSAGES.chart }),
)
export type ChartId = typeof ChartId.Type

/** A chart fingerprint: SHA-256 as 64 lower-case hexadecimal characters. */
export const ChartFingerprint = Schema.String.check(Schema.isPattern(/^[0-9a-f]{64}$/, { message: APPROVAL_MESSAGES.fingerprint })).pipe(
  Schema.annotateKey({ messageMissingKey: APPROVAL_MESSAGES.fingerprint }),
)
export type ChartFingerprint = typeof ChartFingerprint.Type

const noteLength = (text: string): number => [...text.trim()].length

/** The approval note: 1 to 500 code points once trimmed (the server stores it trimmed). */
export const ApprovalNote = Schema.String.annotate({ message: APPROVAL_MESSAGES.note })
  .check(Schema.makeFilter<string>((s) => (noteLength(s) >= 1 && noteLength(s) <= APPROVAL_NOTE_MAX) || APPROVAL_MESSAGES.note))
  .pipe(Schema.annotateKey({ messageMissingKey: APPROVAL_MESSAGES.note }))
export type ApprovalNote = typeof ApprovalNote.Type

/** The reviewer who approved: the admin's id, e-mail and full name at the time of approval. */
export const ApprovalReviewer = Schema.Struct({
  id: Schema.String,
  email: Schema.String,
  name: Schema.String,
})
export type ApprovalReviewer = typeof ApprovalReviewer.Type

/** One approval of a chart's fingerprint. `approvedAt` is an ISO date-time (UTC, `Z`). */
export const Approval = Schema.Struct({
  id: Schema.String,
  chart: Schema.String,
  fingerprint: Schema.String,
  note: Schema.String,
  reviewer: ApprovalReviewer,
  approvedAt: IsoDate,
})
export type Approval = typeof Approval.Type

/** GET /workflows/approvals answer: every approval of every chart, newest first. */
export const ApprovalList = Schema.Struct({ approvals: Schema.Array(Approval) })
export type ApprovalList = typeof ApprovalList.Type

/** POST /workflows/approvals body: approve `fingerprint` of chart `chart` with a note. Answer: 201 `Approval`. */
export const ApproveChartRequest = Schema.Struct({
  chart: ChartId,
  fingerprint: ChartFingerprint,
  note: ApprovalNote,
})
export type ApproveChartRequest = typeof ApproveChartRequest.Type
