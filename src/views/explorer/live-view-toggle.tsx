import { useSelector } from "@xstate/react"
import i18next from "i18next"
import { lazy, Suspense, useState } from "react"
import { useTranslation } from "react-i18next"
import { useAppActors } from "../app-actors"
import { WithChakra } from "../shared/chakra-scope"
import { isReviewer } from "./reviewer"

// The panel, its diagrams and texts load only when a reviewer opens it.
const LiveView = lazy(() => Promise.all([import("./live-view"), i18next.loadNamespaces(["explorer"])]).then(([m]) => ({ default: m.LiveView })))

/**
 * The live view's toggle in the signed-in header, for reviewers only: a plain button (the header
 * shows without Chakra; src/views/shell/frame.css); the panel loads with Chakra when opened.
 */
export function LiveViewToggle() {
  const { t } = useTranslation("common")
  const reviewer = useSelector(useAppActors().session, (s) => isReviewer(s.context.user))
  const [open, setOpen] = useState(false)
  if (!reviewer) return null
  return (
    <>
      <button
        type="button"
        className={open ? "cf-button cf-button-xs cf-button-solid-gray" : "cf-button cf-button-xs cf-button-outline"}
        aria-pressed={open}
        onClick={() => setOpen(!open)}
      >
        {t("liveView.toggle")}
      </button>
      {open && (
        <WithChakra>
          <Suspense fallback={null}>
            <LiveView onClose={() => setOpen(false)} />
          </Suspense>
        </WithChakra>
      )}
    </>
  )
}
