/**
 * "Why is this disabled" (issue 13): the guard that refuses a control's event, read from the
 * running chart, and its description in the user's language.
 */
import { readFileSync } from "node:fs"
import i18next from "i18next"
import { afterEach, describe, expect, it } from "vitest"
import { createActor, fromCallback, fromPromise, type AnyActorRef } from "xstate"
import { refusingGuard, whyDisabled } from "../../src/app/chart-texts/why-disabled"
import { createPortfolioMachine } from "../../src/machines/create-portfolio.machine"
import { instantDepositMachine } from "../../src/machines/instant-deposit.machine"
import { portfoliosMachine } from "../../src/machines/portfolios.machine"

const running: AnyActorRef[] = []
afterEach(() => {
  for (const actor of running.splice(0)) actor.stop()
})
const peer = () => createActor(portfoliosMachine, { input: {} })
// The peer watchers do nothing here: the tests send the profile and status changes themselves.
const quiet = fromCallback(() => () => {})

const createPortfolio = () => {
  const machine = createPortfolioMachine.provide({
    actors: { watchPortfolios: quiet as never, createAccount: fromPromise(async () => ({ message: "ok" })) },
    actions: { notify: () => {}, accountsChanged: () => {} },
  })
  const actor = createActor(machine, { input: { partners: ["Alpaca"], newKey: () => "k", portfolios: peer() } }).start()
  running.push(actor)
  return { machine, actor }
}

const instantDeposit = (current: boolean) => {
  const machine = instantDepositMachine.provide({
    actors: { watchPortfolios: quiet as never, updateReserveAccount: fromPromise(async () => ({ message: "ok" })) },
    actions: { notify: () => {} },
  })
  const actor = createActor(machine, { input: { accountId: "A1", ref: "R1", current, portfolios: peer() } }).start()
  running.push(actor)
  return { machine, actor }
}

describe("refusingGuard", () => {
  it("create-portfolio: Create is refused by isVerified for an unverified profile, by isFormValid without a custodian; nothing refuses while the profile loads or once the form is valid", () => {
    const { actor } = createPortfolio()
    const submit = { type: "form.submit" } as const
    actor.send({ type: "modal.open" })
    expect(actor.getSnapshot().matches({ open: "awaitingProfile" })).toBe(true)
    expect(refusingGuard(actor.getSnapshot(), submit)).toBeNull()
    actor.send({ type: "profile.change", status: "pending" })
    expect(actor.getSnapshot().matches({ open: "notAllowed" })).toBe(true)
    expect(refusingGuard(actor.getSnapshot(), submit)).toBe("isVerified")
    actor.send({ type: "profile.change", status: "VERIFIED" })
    expect(actor.getSnapshot().matches({ open: "editing" })).toBe(true)
    expect(refusingGuard(actor.getSnapshot(), submit)).toBe("isFormValid")
    actor.send({ type: "partner.change", partner: "Alpaca" })
    expect(refusingGuard(actor.getSnapshot(), submit)).toBeNull()
  })

  it("instant deposit: Update is refused by canUpdate until the choice differs from the stored status", () => {
    const { actor } = instantDeposit(true)
    const update = { type: "update.submit" } as const
    expect(refusingGuard(actor.getSnapshot(), update)).toBe("canUpdate")
    actor.send({ type: "choice.change", value: true })
    expect(refusingGuard(actor.getSnapshot(), update)).toBe("canUpdate")
    actor.send({ type: "choice.change", value: false })
    expect(refusingGuard(actor.getSnapshot(), update)).toBeNull()
  })
})

describe("whyDisabled", () => {
  it("says it with the refusing guard's description in the user's language, the chart's English when untranslated", async () => {
    const de = JSON.parse(readFileSync("src/i18n/locales/de/workflows.json", "utf8")) as Record<string, unknown>
    await i18next.init({ lng: "de", fallbackLng: false, resources: { de: { workflows: de } }, interpolation: { escapeValue: false } })
    const { machine, actor } = instantDeposit(false)
    expect(whyDisabled(machine, actor.getSnapshot(), { type: "update.submit" })).toBe(
      "Wählen Sie einen anderen Status als den aktuellen, um ihn zu aktualisieren.",
    )
    const created = createPortfolio()
    created.actor.send({ type: "modal.open" })
    created.actor.send({ type: "profile.change", status: "pending" })
    expect(whyDisabled(created.machine, created.actor.getSnapshot(), { type: "form.submit" })).toBe("Nur verifizierte Profile können ein Portfolio erstellen.")
    await i18next.changeLanguage("fr")
    expect(whyDisabled(created.machine, created.actor.getSnapshot(), { type: "form.submit" })).toBe("Only verified profiles can create a portfolio.")
    created.actor.send({ type: "profile.change", status: "VERIFIED" })
    created.actor.send({ type: "partner.change", partner: "Alpaca" })
    expect(whyDisabled(created.machine, created.actor.getSnapshot(), { type: "form.submit" })).toBeNull()
  })
})
