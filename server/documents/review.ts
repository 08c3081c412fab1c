/**
 * The demo back office's document review (issue 36, decision 0225): `reviewDocuments(db, now,
 * afterMs)` reviews every PENDING document uploaded at least `afterMs` before `now`, as a desk that
 * works through its queue would. A picture ID (PICTURE_ID, PICTURE_ID_PROOF_OF_ADDRESS) sent
 * without its ID number is REJECTED with a reason in the user's language (their notification
 * preferences' language, as their mail); every other document is APPROVED. The order engine's pass
 * runs it in demo mode only (server/orders/engine.ts): outside the demo no machine approves an
 * identity document.
 *
 * A review is idempotent across passes and server processes, as a price alert's firing is: one
 * transaction moves the document with a conditional UPDATE (... WHERE status = 'PENDING') and, only
 * when that matched, writes the user's notice (`notify`, dedupe key `document-reviewed:<id>`), which
 * mails it when the user has that kind mailed. A second process waits for the first's row lock,
 * then matches no row.
 */
import type { Kysely } from "kysely"
import type { DocumentCategory } from "../../src/domain/upload"
import type { StatementLanguage } from "../../src/domain/statements"
import type { DB } from "../db/schema"
import { mailChoiceOf, notify } from "../notifications/notify"

/** The status of a document that waits for review. */
export const NEW_DOCUMENT_STATUS = "PENDING"

/** How long an upload waits in the demo back office's queue by default (DOCUMENT_REVIEW_MS). */
export const DOCUMENT_REVIEW_MS = 60_000

/** The categories that prove who the user is: the desk needs the ID number written on them. */
const PICTURE_ID_CATEGORIES: ReadonlyArray<DocumentCategory> = ["PICTURE_ID", "PICTURE_ID_PROOF_OF_ADDRESS"]

/** Why the desk rejects a picture ID without its number, in the six interface languages. */
export const MISSING_ID_NUMBER_REASON: Readonly<Record<StatementLanguage, string>> = {
  en: "The ID number is missing: upload the document again with the number written on it.",
  zh: "缺少证件号码：请重新上传该文件，并填写其上的号码。",
  es: "Falta el número de identificación: vuelva a subir el documento con el número que figura en él.",
  ja: "ID番号がありません。書類に記載された番号を入力して、もう一度アップロードしてください。",
  de: "Die Ausweisnummer fehlt: Laden Sie das Dokument erneut hoch und geben Sie die darauf stehende Nummer an.",
  fr: "Le numéro d'identité manque : téléversez à nouveau le document avec le numéro qui y figure.",
}

/** The desk's outcome for a document. */
export type ReviewOutcome = "APPROVED" | "REJECTED"

/** What the desk decides for a document with this category and ID number. */
export const reviewOutcomeOf = (document: { readonly type: DocumentCategory; readonly idValue: string | null }): ReviewOutcome =>
  PICTURE_ID_CATEGORIES.includes(document.type) && (document.idValue ?? "").trim() === "" ? "REJECTED" : "APPROVED"

/** One review the desk made. */
export interface DocumentReview {
  readonly documentId: string
  readonly userId: string
  readonly outcome: ReviewOutcome
}

/**
 * Reviews one document at `now`, once: its status, its reason when rejected, and the user's notice
 * (inbox, and mail per their preferences) in one transaction; null when it no longer waits (another
 * process reviewed it).
 */
export const reviewDocument = async (db: Kysely<DB>, documentId: string, now: Date): Promise<DocumentReview | null> =>
  db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("documents")
      .select(["id", "userId", "type", "idValue", "status"])
      .where("id", "=", documentId)
      .forUpdate()
      .executeTakeFirst()
    if (!row || row.status !== NEW_DOCUMENT_STATUS) return null
    const outcome = reviewOutcomeOf(row)
    const rejectionReason = outcome === "REJECTED" ? MISSING_ID_NUMBER_REASON[(await mailChoiceOf(trx, row.userId)).language] : null
    const reviewed = await trx
      .updateTable("documents")
      .set({ status: outcome, rejectionReason, updatedAt: now })
      .where("id", "=", row.id)
      .where("status", "=", NEW_DOCUMENT_STATUS)
      .returning("id")
      .executeTakeFirst()
    if (!reviewed) return null
    await notify(trx, {
      userId: row.userId,
      kind: "document-reviewed",
      dedupeKey: `document-reviewed:${row.id}`,
      subject: { type: "document", id: row.id },
      params: { category: row.type, outcome },
      at: now,
    })
    return { documentId: row.id, userId: row.userId, outcome }
  })

/**
 * Reviews every document that has waited `afterMs` or more at `now`, oldest first; answers the
 * reviews this call made (another process may have made others).
 */
export const reviewDocuments = async (db: Kysely<DB>, now: Date, afterMs: number = DOCUMENT_REVIEW_MS): Promise<DocumentReview[]> => {
  const due = await db
    .selectFrom("documents")
    .select("id")
    .where("status", "=", NEW_DOCUMENT_STATUS)
    .where("createdAt", "<=", new Date(now.getTime() - afterMs).toISOString())
    .orderBy("createdAt")
    .orderBy("id")
    .execute()
  const reviews: DocumentReview[] = []
  for (const { id } of due) {
    const review = await reviewDocument(db, id, now)
    if (review) reviews.push(review)
  }
  return reviews
}
