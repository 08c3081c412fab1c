import { assign, type DoneActorEvent, type ErrorActorEvent, type EventObject, type MachineContext, type ProvidedActor } from "xstate"
import type { Message } from "../contract/common"
import type { StepUpStart } from "../contract/step-up"
import { validateOtp } from "../domain/auth-forms"
import { STEP_UP_REQUIRED_CODE, type StepUpMethod } from "../domain/step-up"
import { isFormValid, type FormIssues } from "../domain/validation"
import { toFailure, type Failure } from "./failure"
import { shownFailure, TAG, providedCall } from "./kit"

/**
 * The code step of a chart whose request moves money to a new place (issue 35): adding a bank
 * account, the first withdrawal to one less than 24 hours old. The server refuses such a request
 * without a fresh step-up of the session (403 `step_up.required`); the chart then goes to this
 * step, which asks for a code (POST /auth/step-up: mailed, or the app's), verifies it (POST
 * /auth/step-up/verify; a wrong or expired code says so and keeps what was typed) and sends the
 * refused request again, same body and Idempotency-Key. Back returns to the chart's form, every
 * field kept. Written once, used by the add-bank-account and withdrawal charts:
 *
 *   setup({
 *     actors: { ...STEP_UP_ACTORS },          // provide startStepUp and verifyStepUp in the app
 *     guards: { ...STEP_UP_GUARDS },
 *   }).createMachine({
 *     meta: {
 *       events: { ...STEP_UP_META.events },
 *       guards: { ...STEP_UP_META.guards },
 *       guardRequirements: { ...STEP_UP_META.guardRequirements },
 *     },
 *     context: { ...NO_STEP_UP, ... },
 *     ...
 *       submitting: { invoke: { onError: [{ guard: STEP_UP_REFUSAL, target: "stepUp" }, ...] } },
 *       ...stepUpStates<MyContext>()({ retry: "#chart.open.submitting", back: "#chart.open.editing" }),
 *   })
 *
 * The states stay in the chart's definition (the explorer, the model test and the texts see them).
 * The view is src/views/shared/step-up-step.tsx.
 */

/** What the code step keeps in the chart's context. */
export interface StepUpContext {
  /** The code as typed. */
  readonly stepUpCode: string
  /** Where the code comes from (the server says when the step starts); null until it did. */
  readonly stepUpMethod: StepUpMethod | null
  /** Why sending or verifying the code failed, shown in the step; null otherwise. */
  readonly stepUpFailure: Failure | null
  /** Whether the code's issue is shown (after a submit of an incomplete code). */
  readonly stepUpShowIssue: boolean
}

/** The context of a chart that has not met the code step. */
export const NO_STEP_UP: StepUpContext = { stepUpCode: "", stepUpMethod: null, stepUpFailure: null, stepUpShowIssue: false }

export type StepUpEvent = { type: "stepUp.change"; code: string } | { type: "stepUp.submit" } | { type: "stepUp.resend" } | { type: "stepUp.cancel" }

/** The code's issues ('Only numbers allowed', 'Six Digit', required), as the sign-in code step says them. */
export const stepUpIssues = (c: Pick<StepUpContext, "stepUpCode">): FormIssues<"otp"> => validateOtp({ otp: c.stepUpCode })

/** Whether a failed call is the server's refusal for want of a fresh step-up. */
export const isStepUpRefusal = (error: unknown): boolean => toFailure(error).code === STEP_UP_REQUIRED_CODE

/** The code step's guards, for the chart's setup. */
export const STEP_UP_GUARDS = {
  isStepUpCodeValid: ({ context }: { context: StepUpContext }) => isFormValid(stepUpIssues(context)),
  isStepUpRefusal: (_: unknown, params: { error: unknown }) => isStepUpRefusal(params.error),
}

/** The guard of the request's onError that goes to the code step. */
export const STEP_UP_REFUSAL = { type: "isStepUpRefusal", params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } as const

/**
 * The code step's part of the chart's root `meta`: what its events and guards mean (English; the
 * workflows namespace translates them) and the requirements its guards serve
 * (src/machines/requirements.ts).
 */
export const STEP_UP_META = {
  events: {
    "stepUp.change": "The user types the one-time code.",
    "stepUp.submit": "The user confirms the code.",
    "stepUp.resend": "The user asks for a new code.",
    "stepUp.cancel": "The user goes back from the code step to the form.",
  },
  guards: {
    isStepUpCodeValid: "The code typed is six digits.",
    isStepUpRefusal: "The server refused the request for want of a fresh one-time code of this session (403 step_up.required).",
  },
  guardRequirements: {
    isStepUpCodeValid: ["SEC-6"],
    isStepUpRefusal: ["SEC-6"],
  },
} as const

/** The code step's calls, for the chart's setup; the app provides them (POST /auth/step-up, POST /auth/step-up/verify). */
export const STEP_UP_ACTORS = {
  startStepUp: providedCall<StepUpStart>("startStepUp"),
  verifyStepUp: providedCall<Message, { otp: string }>("verifyStepUp"),
}

/** What `stepUpStates` builds: the chart's `stepUp` state (its parts typed loosely, like the kit's `loadWithRetry`). */
export interface StepUpStates {
  readonly stepUp: {
    readonly tags: never
    readonly meta: { readonly description: string }
    readonly entry: never
    readonly exit: never
    readonly initial: "sending"
    readonly on: never
    readonly states: {
      readonly sending: { readonly tags: never; readonly meta: { readonly description: string }; readonly invoke: never }
      readonly entering: { readonly meta: { readonly description: string }; readonly on: never }
      readonly verifying: { readonly tags: never; readonly meta: { readonly description: string }; readonly invoke: never }
    }
  }
}

/** A transition of the chart the code step also takes (e.g. the modal's close): a target and the chart's named actions. */
interface ExtraTransition {
  readonly target: string
  readonly actions?:
    string | { readonly type: string; readonly params?: unknown } | ReadonlyArray<string | { readonly type: string; readonly params?: unknown }>
}

/**
 * The chart's `stepUp` state (see the module comment). `retry`: the state that sends the refused
 * request again (its input reads the context, so the same body and key); `back`: the form. `on`:
 * the chart's other transitions that hold in the step (the modal's close).
 */
export const stepUpStates =
  <TContext extends MachineContext & StepUpContext>() =>
  (spec: {
    readonly retry: string
    readonly back: string
    /** The chart's named actions when Back returns to the form (e.g. keeping the draft again). */
    readonly backActions?: ExtraTransition["actions"]
    readonly on?: Readonly<Record<string, ExtraTransition>>
  }): StepUpStates => {
    type Assign<E extends EventObject> = ReturnType<typeof assign<TContext, E, undefined, EventObject, ProvidedActor>>
    const failed: Assign<ErrorActorEvent> = assign<TContext, ErrorActorEvent, undefined, EventObject, ProvidedActor>(
      ({ event }) =>
        ({
          stepUpFailure: shownFailure(event.error),
        }) as Partial<TContext>,
    )
    const started: Assign<DoneActorEvent<StepUpStart>> = assign<TContext, DoneActorEvent<StepUpStart>, undefined, EventObject, ProvidedActor>(
      ({ event }) => ({ stepUpMethod: event.output.method }) as Partial<TContext>,
    )
    const typed = assign<TContext, StepUpEvent, undefined, EventObject, ProvidedActor>(
      ({ event }) => (event.type === "stepUp.change" ? { stepUpCode: event.code, stepUpFailure: null } : {}) as Partial<TContext>,
    )
    const set = (values: Partial<StepUpContext>) => assign<TContext, EventObject, undefined, EventObject, ProvidedActor>(() => values as Partial<TContext>)
    const stepUp = {
      tags: ["stepUp"],
      meta: { description: "The code step: a new one-time code before money may leave to a new place; every field of the form is kept" },
      // Nothing of the step outlives it: the next refusal starts a clean step.
      entry: set(NO_STEP_UP),
      exit: set(NO_STEP_UP),
      initial: "sending",
      on: { ...spec.on, "stepUp.cancel": { target: spec.back, ...(spec.backActions ? { actions: spec.backActions } : {}) } },
      states: {
        sending: {
          tags: ["stepUp.sending"],
          meta: { description: "POST /auth/step-up: a code is mailed (an authenticator-app user reads the app)" },
          invoke: { id: "startStepUp", src: "startStepUp", onDone: { target: "entering", actions: started }, onError: { target: "entering", actions: failed } },
        },
        entering: {
          meta: { description: "Typing the code; a wrong or expired one says so, and a new one can be sent" },
          on: {
            "stepUp.change": { actions: typed },
            "stepUp.submit": [
              { guard: "isStepUpCodeValid", target: "verifying", actions: set({ stepUpShowIssue: false, stepUpFailure: null }) },
              { actions: set({ stepUpShowIssue: true }) },
            ],
            "stepUp.resend": { target: "sending", actions: set({ stepUpCode: "", stepUpFailure: null, stepUpShowIssue: false }) },
          },
        },
        verifying: {
          tags: [TAG.busy],
          meta: { description: "POST /auth/step-up/verify; once verified the refused request is sent again with the same Idempotency-Key" },
          invoke: {
            id: "verifyStepUp",
            src: "verifyStepUp",
            input: ({ context }: { context: StepUpContext }) => ({ otp: context.stepUpCode }),
            onDone: { target: spec.retry },
            onError: { target: "entering", actions: failed },
          },
        },
      },
    }
    // The assigns are the chart's (its context type), whose machine types this builder cannot name;
    // the chart's setup declares the actors and guards by the names used here.
    return { stepUp } as unknown as StepUpStates
  }
