import { Alert, Box, Heading, List, Stack, Text } from "@chakra-ui/react"
import { useTranslation } from "react-i18next"
import type { AnyStateMachine } from "xstate"
import type { Coverage } from "./coverage"
import type { Scenario } from "./scenarios"
import { scenarioSentence } from "./scenarios"
import { describeStatePath, stateDescription } from "./texts"

/** The scenarios of a chart as numbered human steps, one per reachable state: the paths its model test replays. */
export function ScenariosView({
  chart,
  machine,
  scenarios: list,
  status,
}: {
  chart: string
  machine: AnyStateMachine
  scenarios: ReadonlyArray<Scenario> | undefined
  status: Coverage["status"]
}) {
  const { t } = useTranslation("explorer")
  if (!list) {
    return (
      <Alert.Root status={status === "loading" ? "info" : "warning"}>
        <Alert.Indicator />
        <Alert.Title>{status === "loading" || status === "failed" ? t("coverage.notLoaded") : t("scenarios.missing")}</Alert.Title>
      </Alert.Root>
    )
  }
  return (
    <Stack gap="4">
      <Text fontSize="sm">{t("scenarios.intro")}</Text>
      <List.Root as="ol" gap="3" paddingStart="5">
        {list.map((s) => (
          <List.Item key={s.state}>
            <Box as="section" aria-label={t("scenarios.to", { state: s.state })}>
              <Heading as="h3" size="sm">
                {t("scenarios.to", { state: describeStatePath(t, chart, machine, s.state) })}
              </Heading>
              {stateDescription(t, chart, machine, s.state) && (
                <Text fontSize="sm" color="fg.muted">
                  {stateDescription(t, chart, machine, s.state)}
                </Text>
              )}
              <List.Root as="ol" paddingStart="5" fontSize="sm">
                <List.Item>{t("scenarios.start")}</List.Item>
                {s.steps.map((step, i) => (
                  <List.Item key={i}>{scenarioSentence(t, chart, machine, step)}</List.Item>
                ))}
              </List.Root>
            </Box>
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  )
}
