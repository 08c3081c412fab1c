import { Box } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { useAppActors } from "../app-actors"

/** The thin bar at the top that advances while a route change settles (route-progress chart). */
export function RouteProgressBar() {
  const { t } = useTranslation("common")
  const ref = useAppActors().routeProgress
  const progress = useSelector(ref, (s) => s.context.progress)
  if (progress <= 0) return null
  return (
    <Box
      role="progressbar"
      aria-label={t("progress.label")}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={progress}
      position="fixed"
      top="0"
      left="0"
      height="3px"
      width={`${progress}%`}
      bg="blue.500"
      zIndex="max"
      transition="width 30ms linear"
    />
  )
}
