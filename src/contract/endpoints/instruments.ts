import { Instrument, InstrumentList, InstrumentSearchQuery } from "../instruments"
import { endpoint, pathParams } from "../endpoint"

/** The instrument search and detail calls (spec part 1). */
export const InstrumentEndpoints = {
  searchInstruments: endpoint({ name: "searchInstruments", method: "GET", path: "/instruments", query: InstrumentSearchQuery, response: InstrumentList }),
  getInstrument: endpoint({
    name: "getInstrument",
    method: "GET",
    path: "/instruments/:instrumentId",
    params: pathParams("instrumentId"),
    response: Instrument,
  }),
  searchUserInstruments: endpoint({
    name: "searchUserInstruments",
    method: "GET",
    path: "/users/instruments",
    query: InstrumentSearchQuery,
    response: InstrumentList,
  }),
} as const
