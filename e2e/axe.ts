import AxeBuilder from "@axe-core/playwright"
import { expect, type Page } from "@playwright/test"

/**
 * axe-core's serious and critical findings on the page, or inside `include` (a CSS selector such
 * as "[role=dialog]"), as readable lines: rule, element, its markup and axe's summary. targets.md:
 * none on any route, in either colour mode.
 *
 * axe reads colours as they are painted, so it runs once no finite animation or transition is
 * under way: a dialog fading in, or a button still moving from its mount or hover colour, is not
 * what the user reads (a check run during the create-portfolio modal's entrance once reported its
 * half-faded button's contrast). The embedded Legal and market-insight pages run in sandboxed
 * frames without scripts, which axe cannot enter; they are static pages of ours, left out.
 */
export const seriousViolations = async (page: Page, include?: string): Promise<ReadonlyArray<string>> => {
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === "running" && a.effect?.getTiming().iterations !== Infinity).length))
    .toBe(0)
  const builder = new AxeBuilder({ page }).exclude("iframe").options({ iframes: false })
  const results = await (include === undefined ? builder : builder.include(include)).analyze()
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => `${n.target.join(" ")} ${n.html.slice(0, 120)} ${n.failureSummary ?? ""}`)
          .slice(0, 3)
          .join(", ")}`,
    )
}
