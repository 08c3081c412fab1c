import { getRouteApi } from "@tanstack/react-router"
import type { ActorRefFrom } from "xstate"
import type { instrumentDetailMachine } from "../../machines/instrument-detail.machine"

export type InstrumentDetailActor = ActorRefFrom<typeof instrumentDetailMachine>

const instrumentRoute = getRouteApi("/signed-in/instruments/view/$instrumentId")

/**
 * The instrument page's detail actor, which its route starts (loader) and stops (on leave), so the
 * page and the subheader the frame renders beside it read the same one.
 */
export const useInstrumentDetailActor = (): InstrumentDetailActor => instrumentRoute.useLoaderData({ select: (data) => data.detail })
