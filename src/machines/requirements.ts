import type { AnyStateMachine, AnyTransitionDefinition } from "xstate"
import { guardLabel, transitionIndex } from "./anatomy"

/**
 * The requirements the charts implement (issue 34): each rule of the spec a chart carries out,
 * quoted from `spec/` with its part and section, and each security rule of the docs (the
 * idempotency, re-authentication and no-overdraw rules), quoted from its decision record. A chart
 * names the requirements a transition serves in the transition's `meta.requirements` and those a
 * guard serves in its root `meta.guardRequirements` (`{ "<guard name>": ["WD-3"] }`, beside the
 * guard descriptions of `meta.guards`). The workflow explorer shows, per requirement, the
 * transitions and guards that serve it and the tests that walk them, and the orphans both ways.
 *
 * The quotes are the product's English text and are shown as quoted (decision 0280). A unit test
 * (test/unit/machines/requirements.test.ts) fails when a chart names an id that is not here.
 */
export interface Requirement {
  /** Stable id: `<area>-<n>`, named in the charts' meta. */
  readonly id: string
  /** Where the quote comes from: the spec (its part and section) or a decision record of the docs. */
  readonly source: { readonly kind: "spec"; readonly part: 1 | 2; readonly section: string } | { readonly kind: "docs"; readonly file: string }
  /** The quoted English text. */
  readonly quote: string
}

const spec = (part: 1 | 2, section: string) => ({ kind: "spec", part, section }) as const
const docs = (file: string) => ({ kind: "docs", file }) as const

export const REQUIREMENTS: ReadonlyArray<Requirement> = [
  // Part 2: payments and the withdraw modal.
  { id: "WD-1", source: spec(2, "2. Screens and routes: Payments"), quote: "A Withdraw button opens the withdraw modal." },
  { id: "WD-2", source: spec(2, "4. States and transitions"), quote: "The withdraw modal is static and not dismissible by keyboard." },
  { id: "WD-3", source: spec(2, "4. States and transitions"), quote: "Its validation display is reset when it closes." },
  { id: "WD-4", source: spec(2, "5. Validation rules: Withdrawal"), quote: "Channel is required: NUBAN or WIRE ('Select Withdrawal Channel')." },
  {
    id: "WD-5",
    source: spec(2, "5. Validation rules: Withdrawal"),
    quote: "Bank account is required ('Select Bank Account'). NUBAN lists accounts in NGN. WIRE lists accounts not in NGN.",
  },
  {
    id: "WD-6",
    source: spec(2, "5. Validation rules: Withdrawal"),
    quote: "Amount is required: a positive decimal with no zero value ('Enter Valid Amount').",
  },
  // Part 2: bank accounts.
  {
    id: "BA-1",
    source: spec(2, "2. Screens and routes: User account area"),
    quote:
      "Table columns: BANK ACCOUNT (bank name, last 4 digits, currency), STATUS, DATE, view and delete buttons. An Add Bank Account button opens the add modal.",
  },
  { id: "BA-2", source: spec(2, "4. States and transitions"), quote: "A successful bank account action reloads the bank account list." },
  { id: "BA-3", source: spec(2, "5. Validation rules: Add bank account"), quote: "A bank must be chosen." },
  { id: "BA-4", source: spec(2, "5. Validation rules: Add bank account"), quote: "account number is exactly 10 digits ('Enter a valid Account Number');" },
  {
    id: "BA-5",
    source: spec(2, "5. Validation rules: Add bank account"),
    quote: "once 10 digits are typed, the account name is looked up (bank ref, account number) and shown read-only;",
  },
  { id: "BA-6", source: spec(2, "5. Validation rules: Add bank account"), quote: "account type is required, Saving or Checking ('Select Account Type');" },
  {
    id: "BA-7",
    source: spec(2, "5. Validation rules: Add bank account"),
    quote:
      "Bank 'Foreign': account number min 8; account name min 4; bank address min 6 ('Enter a valid Bank Address'); bank city min 4; bank name min 4; zip code min 4; province min 4; swift/ABA code min 4; country is required, chosen from the full list of ISO three-letter country codes ('Select Bank Country'); currency is fixed as USD; account type is required.",
  },
  // Part 1: the order form.
  {
    id: "OT-1",
    source: spec(1, "4. States and transitions: Order form"),
    quote: "Changing side resets type to MARKET and clears price, amount, quantity and priority. Changing type clears the same fields.",
  },
  { id: "OT-2", source: spec(1, "4. States and transitions: Order form"), quote: "The Stop Loss type is offered only for SELL." },
  {
    id: "OT-3",
    source: spec(1, "4. States and transitions: Order form"),
    quote:
      "MARKET: editing amount computes quantity from ask (BUY) or bid (SELL) and marks amount as priority. Editing quantity computes amount and marks quantity as priority. The non-priority field shows an 'estimated' hint.",
  },
  {
    id: "OT-4",
    source: spec(1, "4. States and transitions: Order form"),
    quote: "LIMIT and STOP: only price and quantity are edited, and priority is cleared.",
  },
  {
    id: "OT-5",
    source: spec(1, "4. States and transitions: Order form"),
    quote: "When the notification message is 'Order Created Successfully', the selected account is refetched and the order modal closes.",
  },
  { id: "OT-6", source: spec(1, "5. Validation rules: Create order"), quote: "MARKET: amount above 0, else 'Valid Amount required for {type} {side}'." },
  {
    id: "OT-7",
    source: spec(1, "5. Validation rules: Create order"),
    quote: "LIMIT or STOP: price and quantity both above 0, else 'Valid Target Price and Quantity required for {type} {side}'.",
  },
  {
    id: "OT-8",
    source: spec(1, "5. Validation rules: Create order"),
    quote: "The Create Order button is disabled until a portfolio is selected and nothing is loading.",
  },
  // Part 1: the session and sign-in.
  {
    id: "SES-1",
    source: spec(1, "4. States and transitions: Session"),
    quote:
      "Sign-in stores the token and marks the session active. Expiry is set to now plus the validity (30 minutes). The user is cleared, then the current admin is loaded.",
  },
  { id: "SES-2", source: spec(1, "4. States and transitions: Session"), quote: "Registration stores the token and loads the user." },
  { id: "SES-3", source: spec(1, "4. States and transitions: Session"), quote: "Session update replaces token and session." },
  { id: "SES-4", source: spec(1, "4. States and transitions: Session"), quote: "Logout clears all persisted state." },
  { id: "SES-5", source: spec(1, "4. States and transitions: Session"), quote: "On start, if the stored expiry has passed, the persisted state is purged." },
  {
    id: "SES-6",
    source: spec(1, "4. States and transitions: Session"),
    quote: "While the session is active and unexpired, each request extends the expiry by the validity minutes.",
  },
  {
    id: "SES-7",
    source: spec(1, "4. States and transitions: Session"),
    quote:
      "A request made when the session is active but expired: marks the session inactive; clears the token; cancels the request with 'Session Expired'. The re-authentication dialog then appears (shown when inactive or expired).",
  },
  {
    id: "SES-8",
    source: spec(1, "5. Validation rules"),
    quote:
      "Re-authentication dialog: e-mail required and valid ('Kindly provide a valid email'); password required, 8 to 50 characters ('Kindly provide your password').",
  },
  {
    id: "SI-1",
    source: spec(1, "4. States and transitions: Session"),
    quote:
      "Sign-in flow: credentials return an access token that starts the session. The one-time code step follows. After success the user data is completed with the existing userGroup and the app enters the signed-in area.",
  },
  {
    id: "SI-2",
    source: spec(1, "4. States and transitions: Session"),
    quote: "Submit buttons show spinners while pending. Login and reset submits are delayed 1 second.",
  },
  {
    id: "SI-3",
    source: spec(1, "5. Validation rules: Sign-in"),
    quote:
      "E-mail: valid format ('Wrong email format'), minimum 8 ('Minimum 8 Characters'), maximum 50 ('Maximum 50 Characters'), required ('Required field'). Password: minimum 3, maximum 50, required.",
  },
  {
    id: "SI-4",
    source: spec(1, "5. Validation rules"),
    quote: "One-time code: digits only ('Only numbers allowed'), exactly 6 ('Six Digit'), required. There is an optional trusted-device checkbox.",
  },
  {
    id: "FP-1",
    source: spec(1, "4. States and transitions: Session"),
    quote: "Forgot password success: a message toast, then /login. Reset success: a toast, then /login.",
  },
  // Rules of the docs the money charts carry out.
  {
    id: "FX-1",
    source: docs("docs/decisions/0081-fx-quotes.md"),
    quote:
      "Same-currency payouts use rate 1 and no quote. The review counts down on the client's clock from `validForMs` (not the server's `expiresAt`), then offers \"Get a new rate\"; Back, Create again and a retry reuse a quote that still fits, under the same Idempotency-Key.",
  },
  {
    id: "DR-1",
    source: docs("docs/decisions/0170-unsent-drafts.md"),
    quote:
      'A reload (or, for the withdrawal, returning to that portfolio\'s payments page) reopens it with "Your unsent order/withdrawal was restored." The draft goes on Cancel, Escape, close, Confirm, sign-out, or when it belongs to another user.',
  },
  // Security rules of the docs.
  {
    id: "SEC-1",
    source: docs("docs/decisions/0046-intent-keys.md"),
    quote:
      "The key is made at the first send of an intent, reused when the same request is sent again after a failure, and dropped by any change of what would be sent.",
  },
  {
    id: "SEC-2",
    source: docs("docs/decisions/0005-reauthentication-scope.md"),
    quote:
      "Re-authentication renews only a session that was satisfied on this device within its 12-hour absolute cap; otherwise the server answers 403 and the client logs out 500 ms later.",
  },
  {
    id: "SEC-3",
    source: docs("docs/decisions/0077-withdrawal-amount.md"),
    quote:
      'Above the portfolio\'s cash is refused before sending with "The amount is more than the cash available"; the server refuses it again under the row lock.',
  },
  {
    id: "SEC-4",
    source: docs("docs/decisions/0101-ticket-buying-power.md"),
    quote: "A BUY whose total is above the cash, or a SELL above the holding, is stopped before sending with the reason and figure.",
  },
  {
    id: "SEC-5",
    source: docs("docs/decisions/0221-recovery-codes.md"),
    quote: "Recovery codes for users of an authenticator app: each working once in place of the app's code; using one mails the user and leaves a notice.",
  },
  {
    id: "SEC-6",
    source: docs("docs/decisions/0230-step-up-before-money-leaves.md"),
    quote:
      "Adding a bank account, and the first withdrawal to a bank account less than 24 hours old, must ask for a fresh one-time code inside the same workflow, and the server must refuse them without a code verified in the last 5 minutes for this session.",
  },
]

export const requirementById = (id: string): Requirement | undefined => REQUIREMENTS.find((r) => r.id === id)

const ids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [])

/** What one chart says it serves: requirement ids per transition key and per guard name. */
export interface ChartRequirements {
  /** Transition key (src/machines/anatomy.ts) to the ids of its `meta.requirements`. */
  readonly transitions: ReadonlyMap<string, ReadonlyArray<string>>
  /** Guard name to the ids of the root's `meta.guardRequirements`. */
  readonly guards: ReadonlyMap<string, ReadonlyArray<string>>
  /** Every guarded transition's key with the guard names it evaluates. */
  readonly guarded: ReadonlyMap<string, ReadonlyArray<string>>
}

/** The guard names a guard label mentions (`not(isFormValid)` mentions isFormValid). */
export const guardNamesOf = (label: string | undefined): string[] =>
  label === undefined ? [] : (label.match(/[A-Za-z_$][\w$]*/g) ?? []).filter((n) => !COMBINATORS.has(n))
const COMBINATORS = new Set(["and", "or", "not", "stateIn", "inline"])

/** The requirement ids a chart names, per transition and per guard. */
export const chartRequirements = (machine: AnyStateMachine): ChartRequirements => {
  const transitions = new Map<string, string[]>()
  const guarded = new Map<string, string[]>()
  for (const [definition, entries] of transitionIndex(machine) as Map<AnyTransitionDefinition, ReadonlyArray<{ key: string }>>) {
    const named = ids((definition.meta as { requirements?: unknown } | undefined)?.requirements)
    const guards = guardNamesOf(guardLabel(definition.guard))
    for (const { key } of entries) {
      if (named.length) transitions.set(key, named)
      if (guards.length) guarded.set(key, guards)
    }
  }
  const byGuard = (machine.root.meta as { guardRequirements?: unknown } | undefined)?.guardRequirements
  const guards = new Map<string, string[]>()
  if (byGuard !== null && typeof byGuard === "object") for (const [name, list] of Object.entries(byGuard)) if (ids(list).length) guards.set(name, ids(list))
  return { transitions, guards, guarded }
}

/** Every requirement id a chart names that is not in REQUIREMENTS (a unit test keeps it empty). */
export const unknownRequirementIds = (machine: AnyStateMachine): string[] => {
  const { transitions, guards } = chartRequirements(machine)
  const named = [...transitions.values(), ...guards.values()].flat()
  return [...new Set(named.filter((id) => requirementById(id) === undefined))]
}

/** A guarded transition that serves no requirement: neither it nor any of its guards names one. */
export const orphanTransitions = (machine: AnyStateMachine): string[] => {
  const { transitions, guards, guarded } = chartRequirements(machine)
  return [...guarded].filter(([key, names]) => !transitions.has(key) && !names.some((n) => guards.has(n))).map(([key]) => key)
}

/** Where one requirement is served in one chart: the transitions naming it and the guards naming it (with the transitions they guard). */
export interface RequirementUse {
  readonly transitions: ReadonlyArray<string>
  readonly guards: ReadonlyArray<{ readonly guard: string; readonly transitions: ReadonlyArray<string> }>
}

/** Where a requirement is served in a chart; empty lists when it is not. */
export const requirementUse = (machine: AnyStateMachine, id: string): RequirementUse => {
  const { transitions, guards, guarded } = chartRequirements(machine)
  return {
    transitions: [...transitions].filter(([, list]) => list.includes(id)).map(([key]) => key),
    guards: [...guards]
      .filter(([, list]) => list.includes(id))
      .map(([guard]) => ({ guard, transitions: [...guarded].filter(([, names]) => names.includes(guard)).map(([key]) => key) })),
  }
}

/** Every requirement id a chart serves (by a transition or a guard), in the order of REQUIREMENTS. */
export const servedRequirements = (machine: AnyStateMachine): string[] => {
  const { transitions, guards } = chartRequirements(machine)
  const named = new Set([...transitions.values(), ...guards.values()].flat())
  return REQUIREMENTS.filter((r) => named.has(r.id)).map((r) => r.id)
}
