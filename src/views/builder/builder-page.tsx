import { Heading, List, Stack, Text } from "@chakra-ui/react"
import { useTranslation } from "react-i18next"

/**
 * /builder: the layout builder the spec's hidden sticky toolbar links to. Like the spec's other
 * demo content it is static: it says what the builder is for and that nothing here changes the
 * app (docs/decisions/0018-layout-builder-page.md).
 */
export function BuilderPage() {
  const { t } = useTranslation("common")
  return (
    <Stack gap="4" maxWidth="44rem">
      <Heading as="h1" size="xl">
        {t("builder.title")}
      </Heading>
      <Text>{t("builder.intro")}</Text>
      <List.Root gap="1" paddingStart="5">
        <List.Item>{t("builder.point1")}</List.Item>
        <List.Item>{t("builder.point2")}</List.Item>
        <List.Item>{t("builder.point3")}</List.Item>
      </List.Root>
      <Text color="fg.muted">{t("builder.static")}</Text>
    </Stack>
  )
}
