import { Box, Heading, List, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { useId, useMemo } from "react"
import { useTranslation } from "react-i18next"
import type { AnyStateMachine } from "xstate"
import { diffCharts, type ChartChange } from "../../machines/chart-diff"
import { canonicalChart } from "../../machines/fingerprint"
import { lastApproval } from "../../machines/workflow-approval.machine"
import { shortFingerprint, useStanding, type ApprovalActor } from "./approval-panel"
import { changeSentence } from "./diff-texts"

/** What the explorer knows of a chart's changes since its last approval. */
export type ChartDiff =
  | { readonly status: "none" }
  /** The approved version's definition was not kept (approved before the server kept definitions). */
  | { readonly status: "unknown"; readonly fingerprint: string }
  | {
      readonly status: "changed"
      readonly fingerprint: string
      /** The approved version's canonical definition. */
      readonly definition: string
      readonly changes: ReadonlyArray<ChartChange>
    }

const MARKER: Record<ChartChange["change"], string> = { added: "+", removed: "−", changed: "±" }

/**
 * The changes since the chart's last approval as a list of sentences, each led by its marker (the
 * diagram's: + new, ± changed; − removed, which the diagram cannot draw). Nothing when the running
 * chart is the approved one or was never approved.
 */
export function ChangesSince({ diff, headingLevel = 3 }: { diff: ChartDiff; headingLevel?: 3 | 4 }) {
  const { t } = useTranslation("explorer")
  const id = useId()
  if (diff.status === "none") return null
  return (
    <Box as="section" aria-labelledby={id} borderWidth="1px" borderRadius="md" padding="3" borderColor="purple.muted">
      <Heading as={headingLevel === 3 ? "h3" : "h4"} id={id} size="sm">
        {t("diff.title")}
      </Heading>
      {diff.status === "unknown" ? (
        <Text fontSize="sm">{t("diff.unknown", { fingerprint: shortFingerprint(diff.fingerprint) })}</Text>
      ) : (
        <>
          <Text fontSize="sm">{t("diff.intro", { fingerprint: shortFingerprint(diff.fingerprint) })}</Text>
          <List.Root as="ul" gap="1" paddingStart="1" fontSize="sm" listStyleType="none" aria-label={t("diff.title")}>
            {diff.changes.map((c, i) => (
              <List.Item key={i} data-change={c.change}>
                <Text
                  as="span"
                  aria-hidden="true"
                  fontWeight="bold"
                  marginEnd="1"
                  color={c.change === "added" ? "teal.fg" : c.change === "removed" ? "red.fg" : "purple.fg"}
                >
                  {MARKER[c.change]}
                </Text>
                {changeSentence(t, c)}
              </List.Item>
            ))}
          </List.Root>
        </>
      )}
    </Box>
  )
}

/**
 * The changes of the running chart since its last approval: none when it is approved (or never
 * was), else the diff against the approved version's definition the server kept.
 */
export const useChartDiff = (actor: ApprovalActor, chart: string, machine: AnyStateMachine, fingerprint: string | undefined): ChartDiff => {
  const standing = useStanding(actor, chart, fingerprint)
  const last = useSelector(actor, (s) => (s.context.approvals === null ? undefined : lastApproval(s.context.approvals, chart)))
  const approved = useSelector(actor, (s) => (last === undefined ? undefined : s.context.definitions[last.fingerprint]))
  return useMemo((): ChartDiff => {
    if (standing !== "changed" || last === undefined) return { status: "none" }
    if (approved === undefined) return { status: "unknown", fingerprint: last.fingerprint }
    return { status: "changed", fingerprint: last.fingerprint, definition: approved, changes: diffCharts(approved, canonicalChart(machine)) }
  }, [standing, last, approved, machine])
}
