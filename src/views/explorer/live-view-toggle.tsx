import { Button } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import i18next from "i18next"
import { lazy, Suspense, useState } from "react"
import { useTranslation } from "react-i18next"
import { useAppActors } from "../app-actors"
import { isReviewer } from "./reviewer"

// The panel, its diagrams and texts load only when a reviewer opens it.
const LiveView = lazy(() => Promise.all([import("./live-view"), i18next.loadNamespaces(["explorer"])]).then(([m]) => ({ default: m.LiveView })))

/** The live view's toggle in the signed-in header, for reviewers only. */
export function LiveViewToggle() {
  const { t } = useTranslation("common")
  const reviewer = useSelector(useAppActors().session, (s) => isReviewer(s.context.user))
  const [open, setOpen] = useState(false)
  if (!reviewer) return null
  return (
    <>
      <Button size="xs" variant={open ? "solid" : "outline"} aria-pressed={open} onClick={() => setOpen(!open)}>
        {t("liveView.toggle")}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <LiveView onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
