import type { TFunction } from "i18next"
import type { AnyStateMachine } from "xstate"
import type { MutationSummary } from "../../machines/workflow-coverage.machine"
import { describeGuardName } from "./texts"

/** Guard mutants as the explorer names them (the model report's, test/model/harness.ts `mutationReport`). */
export type Mutant = MutationSummary["mutants"][number]

/** A mutant named in words: "isFormValid forced true". */
export const mutantLabel = (t: TFunction, chart: string, machine: AnyStateMachine, m: Pick<Mutant, "guard" | "kind">): string =>
  t(`mutation.kind.${m.kind}`, { guard: describeGuardName(t, chart, machine, m.guard) })

/** Why a surviving mutant is equivalent, in the user's language; undefined when nobody explained it. */
export const equivalentWhy = (t: TFunction, chart: string, m: Pick<Mutant, "guard" | "kind">): string | undefined => {
  const key = `mutation.equivalent.${chart}.${m.guard}.${m.kind}`
  const text = t(key, { defaultValue: "" })
  return text === "" || text === key ? undefined : text
}

/** The mutants of the guards a transition uses. */
export const mutantsOf = (mutation: MutationSummary, key: string): Mutant[] => mutation.mutants.filter((m) => m.transitions.includes(key))
