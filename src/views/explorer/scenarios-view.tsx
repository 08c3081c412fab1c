import { Box, Heading, List, Stack, Text } from "@chakra-ui/react"
import { useTranslation } from "react-i18next"
import type { AnyStateMachine } from "xstate"
import { scenarios } from "./scenarios"
import { describeEventType, describeGuardName, describeStatePath, stateDescription } from "./texts"

/** The scenarios of a chart as numbered human steps, one per reachable state. */
export function ScenariosView({ chart, machine }: { chart: string; machine: AnyStateMachine }) {
  const { t } = useTranslation("explorer")
  const list = scenarios(machine)
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
              {stateDescription(t, chart, machine, s.state) && <Text fontSize="sm" color="fg.muted">{stateDescription(t, chart, machine, s.state)}</Text>}
              <List.Root as="ol" paddingStart="5" fontSize="sm">
                <List.Item>{t("scenarios.start")}</List.Item>
                {s.steps.map((step) => (
                  <List.Item key={step.key}>
                    {[
                      step.delay !== undefined
                        ? t("scenarios.wait", { delay: step.delay })
                        : step.event === "always"
                          ? t("scenarios.atOnce")
                          : describeEventType(t, chart, machine, step.eventType),
                      ...(step.guard ? [t("text.if", { guard: describeGuardName(t, chart, machine, step.guard) })] : []),
                    ].join(t("text.separator"))}
                    {t("text.separator")}
                    {t("text.goTo", { target: describeStatePath(t, chart, machine, step.target ?? "") })}
                  </List.Item>
                ))}
              </List.Root>
            </Box>
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  )
}
