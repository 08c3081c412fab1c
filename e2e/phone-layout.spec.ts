import { type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { DEMO, signedInPage } from "./auth-support"
import { ISSUE_31_CASES } from "./issue31-cases"
import { layoutShifts, SHIFTS_DEPEND_ON_DATA, watchLayoutShifts } from "./layout-shifts"
import { discoverIds, loaded, openCodeStep, ROUTE_COUNT, SIGNED_OUT_ROUTES, signedInRoutes } from "./routes"
import { openApp, text } from "./support"

// Issue 15, phones: every route at 360 px wide has no horizontal page scroll, tables scroll inside
// their card, and the header keeps the user button in view.
const PHONE = { width: 360, height: 740 }

/** What a phone user would find wrong on the page shown: a page that scrolls sideways, a table sticking out of its card. */
const layoutProblems = (page: Page) =>
  page.evaluate(() => {
    const problems: string[] = []
    const root = document.scrollingElement ?? document.documentElement
    if (root.scrollWidth > root.clientWidth) {
      // Name the elements that stick out of the page itself (not clipped by a scrolling ancestor), so a failure says where to look.
      const clipped = (el: Element) => {
        for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) if (getComputedStyle(up).overflowX !== "visible") return true
        return false
      }
      const wide = [...document.body.querySelectorAll<HTMLElement>("*")]
        .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1 && !clipped(el))
        .slice(0, 4)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}${el.getAttribute("role") ? `[${el.getAttribute("role")}]` : ""}${el.id ? `#${el.id}` : ""}.${[...el.classList].slice(0, 2).join(".")} "${(el.textContent ?? "").slice(0, 30)}" (right ${Math.round(el.getBoundingClientRect().right)})`,
        )
      problems.push(
        `page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth} (header ${Math.round(document.querySelector("header")?.getBoundingClientRect().width ?? 0)}, main ${Math.round(document.querySelector("main")?.getBoundingClientRect().width ?? 0)}): ${wide.join(", ")}`,
      )
    }
    for (const table of document.querySelectorAll("table")) {
      if (!table.checkVisibility()) continue
      // The table's nearest ancestor that scrolls must lie inside the viewport.
      let scroller: HTMLElement | null = table.parentElement
      while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement
      const box = (scroller ?? table).getBoundingClientRect()
      if (box.left < -1 || box.right > root.clientWidth + 1)
        problems.push(
          `table "${table.getAttribute("aria-label") ?? table.caption?.textContent ?? "?"}" sticks out of the page (${Math.round(box.left)}..${Math.round(box.right)})`,
        )
    }
    return problems
  })

test(`every signed-out route fits a 360 px phone without sideways scrolling`, async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize(PHONE)
  const found: Record<string, ReadonlyArray<string>> = {}
  const check = async (path: string) => {
    await loaded(page)
    const problems = await layoutProblems(page)
    if (problems.length > 0) found[path] = problems
  }
  for (const path of SIGNED_OUT_ROUTES) {
    await openApp(page, path)
    await check(path)
  }
  await openCodeStep(page, DEMO, () => check("/2fa-otp"))
  expect(found).toEqual({})
})

test(`every signed-in route fits a 360 px phone, tables scroll inside their card, the user button stays in view, nothing moves as the content comes (${ROUTE_COUNT} routes in all)`, async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000)
  const page = await signedInPage(browser, baseURL, DEMO)
  const routes = signedInRoutes(await discoverIds(page))
  await page.setViewportSize(PHONE)
  await watchLayoutShifts(page)
  const found: Record<string, ReadonlyArray<string>> = {}
  const userButton = page.getByRole("button", { name: text("en", "common", "userPanel.open") })
  for (const path of routes) {
    await openApp(page, path)
    await loaded(page)
    const problems = [...(await layoutProblems(page))]
    if (!path.startsWith("/error/")) {
      await expect(userButton).toBeVisible()
      const box = await userButton.boundingBox()
      if (!box || box.x < 0 || box.x + box.width > PHONE.width)
        problems.push(`the user button is out of view (${box ? `${Math.round(box.x)}..${Math.round(box.x + box.width)}` : "no box"})`)
    }
    if (!(path in SHIFTS_DEPEND_ON_DATA)) problems.push(...(await layoutShifts(page)).map((shift) => `moved as the content came: ${shift}`))
    if (problems.length > 0) found[path] = problems
  }
  expect(found).toEqual({})
  await page.context().close()
})

test("issue 31's fixes fit a 360 px phone, each whole in view: the 2Y since text, the cash-flow crosshair, the breadcrumb, the builder, the unknown instrument, the order row's Cancel, the withdrawal review, the document details", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000)
  const page = await signedInPage(browser, baseURL, DEMO)
  const ids = await discoverIds(page)
  await page.setViewportSize(PHONE)
  const found: Record<string, ReadonlyArray<string>> = {}
  for (const { name, show } of ISSUE_31_CASES) {
    const shown = await show(page, "en", ids)
    const problems = [...(await layoutProblems(page))]
    // What shows the fix, scrolled to (inside a table's own scroller too), lies wholly across the phone's width.
    await shown.scrollIntoViewIfNeeded()
    const box = await shown.boundingBox()
    if (!box || box.x < -1 || box.x + box.width > PHONE.width + 1)
      problems.push(`it is cut at the sides (${box ? `${Math.round(box.x)}..${Math.round(box.x + box.width)}` : "no box"})`)
    if (problems.length > 0) found[name] = problems
  }
  expect(found).toEqual({})
  await page.context().close()
})
