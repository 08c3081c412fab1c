import { Alert, Button, HStack, Spinner, Text } from "@chakra-ui/react"
import { useTranslation } from "react-i18next"
import type { Coverage } from "./coverage"

/** Where the coverage load stands, when it is not simply there: loading, failed (with Retry), or none on the server. */
export function CoverageNotice({ coverage }: { coverage: Coverage }) {
  const { t } = useTranslation("explorer")
  if (coverage.status === "loading")
    return (
      <HStack role="status" gap="2" fontSize="sm">
        <Spinner size="sm" />
        <Text>{t("coverage.loading")}</Text>
      </HStack>
    )
  if (coverage.status === "failed")
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t("coverage.loadFailed")}</Alert.Title>
          {coverage.failure && <Alert.Description>{coverage.failure.text}</Alert.Description>}
        </Alert.Content>
        <Button size="xs" onClick={() => coverage.actor.send({ type: "reports.retry" })}>
          {t("coverage.retry")}
        </Button>
      </Alert.Root>
    )
  if (coverage.status === "none")
    return (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>{t("coverage.none")}</Alert.Title>
      </Alert.Root>
    )
  return null
}
