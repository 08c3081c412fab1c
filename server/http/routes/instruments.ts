/**
 * Instruments (spec part 1 sections 2, 3, 6, 7), limited to the signed-in user's group partners:
 *   GET /instruments?query=&provider=            InstrumentList (search)
 *   GET /users/instruments?query=&provider=      InstrumentList (the same search)
 *   GET /instruments/:instrumentId               Instrument: 10 years of daily history, quote, news, analysis
 *   GET /users/instruments/:id?quote=only        Quote (any other query is a 400)
 * Unknown, non-UUID or out-of-group instrument ids are a 404. The queries live in server/queries.
 */
import type { Context } from "hono"
import type { Instrument, InstrumentList, Quote } from "../../../src/contract/instruments"
import { requireSession, type SignedInSession } from "../../auth/session"
import { dataStampNow } from "../../auth/tokens"
import { quoteAt } from "../../market/index"
import { sessionAnswers } from "../../queries/answer-cache"
import { instrumentDetail, searchInstruments, toQuote, visibleInstrument } from "../../queries/instruments"
import type { ApiRoutes } from "../context"
import { ApiErrors } from "../errors"

/** The 400 text of GET /users/instruments/:id without `quote=only`. */
export const QUOTE_ONLY_MESSAGE = "Ask for the quote with ?quote=only."

export const instrumentRoutes: ApiRoutes = {
  name: "instruments",
  mount: (api, deps) => {
    const { db } = deps.database
    const signedIn = requireSession(deps, { satisfied: true })

    // The same searches come back as people type and retype: kept while the user's and the
    // catalogue's versions hold (PostgreSQL) or nothing changed (embedded database); answer-cache.ts.
    const searches = sessionAnswers<InstrumentList>(deps.database, dataStampNow, 256)
    const search = async (c: Context, session: SignedInSession) => {
      const query = c.req.query("query") ?? ""
      const provider = c.req.query("provider")
      const { userId } = session
      const answer: InstrumentList = await searches.get(JSON.stringify([userId, query, provider ?? null]), session, () =>
        searchInstruments(db, userId, query, provider),
      )
      return c.json(answer)
    }
    api.get("/instruments", signedIn, (c) => search(c, c.get("session")))
    api.get("/users/instruments", signedIn, (c) => search(c, c.get("session")))

    api.get("/instruments/:instrumentId", signedIn, async (c) => {
      const row = await visibleInstrument(db, c.get("session").userId, c.req.param("instrumentId"))
      const answer: Instrument = await instrumentDetail(db, row, new Date(deps.now()))
      return c.json(answer)
    })

    api.get("/users/instruments/:id", signedIn, async (c) => {
      const quote = c.req.query("quote")
      if (quote !== "only") throw ApiErrors.badRequest(QUOTE_ONLY_MESSAGE, { quote: QUOTE_ONLY_MESSAGE })
      const row = await visibleInstrument(db, c.get("session").userId, c.req.param("id"))
      const answer: Quote = toQuote(quoteAt(row, new Date(deps.now())))
      return c.json(answer)
    })
  },
}
