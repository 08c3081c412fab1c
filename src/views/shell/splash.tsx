import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { useAppActors } from "../app-actors"
import { PlainBrandMark } from "../auth/plain-controls"
import { TAG } from "../../machines/kit"

/**
 * The start-up splash; the splash chart decides when it hides (3000 ms with nothing loading).
 * Plain elements (src/views/shell/plain.css): it shows before Chakra loads.
 */
export function Splash() {
  const { t } = useTranslation("common")
  const hidden = useSelector(useAppActors().splash, (s) => !s.hasTag(TAG.visible))
  if (hidden) return null
  return (
    <div role="status" aria-label={t("splash.loading")} className="cf-splash">
      <div className="cf-splash-stack">
        <PlainBrandMark />
        <span className="cf-spinner cf-spinner-lg" />
      </div>
    </div>
  )
}
