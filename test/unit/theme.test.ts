import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { system } from "../../src/app/theme"

// Chakra components that are styled by a recipe, and the recipe each needs. The app's system
// carries only the recipes in use (src/app/theme.ts), so a view that starts using one of these
// must have its recipe added there.
const RECIPES: Record<string, string> = {
  Badge: "badge", Button: "button", IconButton: "button", CloseButton: "button", Code: "code", Container: "container",
  Heading: "heading", Input: "input", Kbd: "kbd", Link: "link", Mark: "mark", Separator: "separator", Skeleton: "skeleton",
  Spinner: "spinner", Textarea: "textarea",
}
const SLOT_RECIPES: Record<string, string> = {
  Accordion: "accordion", Alert: "alert", Avatar: "avatar", Blockquote: "blockquote", Breadcrumb: "breadcrumb", Card: "card",
  Carousel: "carousel", Checkbox: "checkbox", Combobox: "combobox", DataList: "dataList", Dialog: "dialog", Drawer: "drawer",
  EmptyState: "emptyState", Field: "field", Fieldset: "fieldset", FileUpload: "fileUpload", List: "list", Menu: "menu",
  NativeSelect: "nativeSelect", NumberInput: "numberInput", PinInput: "pinInput", Popover: "popover", Progress: "progress",
  RadioGroup: "radioGroup", SegmentGroup: "segmentGroup", Select: "select", Slider: "slider", Stat: "stat", Status: "status",
  Steps: "steps", Switch: "switch", Table: "table", Tabs: "tabs", Tag: "tag", Timeline: "timeline", Tooltip: "tooltip",
}

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".tsx") ? [p] : []
  })

/** Components a file imports from @chakra-ui/react. */
const chakraImports = (source: string): string[] =>
  [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@chakra-ui\/react"/g)].flatMap((m) =>
    (m[1] ?? "").split(",").map((s) => s.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0] ?? "").filter(Boolean),
  )

describe("the Chakra system", () => {
  const used = new Set(files("src/views").flatMap((f) => chakraImports(readFileSync(f, "utf8"))))

  it("finds the components the views use", () => {
    expect(used.has("Button")).toBe(true)
    expect(used.has("Dialog")).toBe(true)
  })

  it("has the recipe of every recipe-styled component a view uses", () => {
    const missing = [...used].flatMap((name) => {
      if (RECIPES[name] && !system.isRecipe(RECIPES[name])) return [`${name} (recipe ${RECIPES[name]})`]
      if (SLOT_RECIPES[name] && !system.isSlotRecipe(SLOT_RECIPES[name])) return [`${name} (slot recipe ${SLOT_RECIPES[name]})`]
      return []
    })
    expect(missing).toEqual([])
  })
})
