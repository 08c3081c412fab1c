import { Breadcrumb } from "@chakra-ui/react"
import { useTranslation } from "react-i18next"

/** A breadcrumb trail; the first crumb is Instruments or Overview (spec part 1 "Layout"). */
export function Breadcrumbs({ trail }: { trail: ReadonlyArray<string> }) {
  const { t } = useTranslation("common")
  if (trail.length === 0) return null
  return (
    <Breadcrumb.Root aria-label={t("breadcrumbs.label")} size="sm">
      <Breadcrumb.List>
        {trail.map((crumb, i) => (
          <Breadcrumb.Item key={`${crumb}-${i}`}>
            {i === trail.length - 1 ? <Breadcrumb.CurrentLink>{crumb}</Breadcrumb.CurrentLink> : <span>{crumb}</span>}
            {i < trail.length - 1 && <Breadcrumb.Separator />}
          </Breadcrumb.Item>
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  )
}
