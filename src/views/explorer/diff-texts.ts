import type { TFunction } from "i18next"
import type { ChartChange, TransitionShape } from "../../machines/chart-diff"

/**
 * A change of a chart since its last approval (src/machines/chart-diff.ts) as one sentence in the
 * user's language ("New: in open.reviewing, on review.back, go to open.editing."). States are named
 * by their paths and events by their types, as the diagram writes them, so a removed state or event
 * (which the running chart no longer describes) reads like the others. `npm run workflows:diff`
 * prints the same sentences in English.
 */
export const changeSentence = (t: TFunction, change: ChartChange): string => {
  const list = (items: ReadonlyArray<string>) => (items.length ? items.join(t("text.listSeparator")) : t("diff.none"))
  const where = (tr: TransitionShape) => ({
    source: tr.source,
    event: tr.event,
    target: tr.targets.length ? tr.targets.join(t("text.listSeparator")) : t("diff.stay"),
    guard: tr.guard ?? t("diff.noGuard"),
  })
  switch (change.kind) {
    case "texts":
      return t("diff.texts")
    case "state":
      if (change.change === "changed")
        return t("diff.stateChanged", { state: change.path, aspects: change.aspects.map((a) => t(`diff.aspect.${a}`)).join(t("text.listSeparator")) })
      return t(change.change === "added" ? "diff.stateAdded" : "diff.stateRemoved", { state: change.path })
    case "transition": {
      const w = where(change.transition)
      if (change.change !== "changed") {
        const guarded = change.transition.guard !== undefined ? "Guarded" : ""
        return t(`diff.transition${change.change === "added" ? "Added" : "Removed"}${guarded}`, w)
      }
      const parts: string[] = []
      if (change.guard) parts.push(t("diff.guardWas", { before: change.guard.before ?? t("diff.noGuard"), after: change.guard.after ?? t("diff.noGuard") }))
      if (change.actions) parts.push(t("diff.actionsWere", { before: list(change.actions.before), after: list(change.actions.after) }))
      if (change.reenter) parts.push(t(change.reenter.after ? "diff.reentersNow" : "diff.noLongerReenters"))
      return t("diff.transitionChanged", { ...w, what: parts.join(t("text.separator")) })
    }
  }
}
