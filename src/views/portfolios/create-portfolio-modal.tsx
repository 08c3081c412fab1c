import { Button, Field, Skeleton, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import { useEffect, useId, useMemo } from "react"
import { useTranslation } from "react-i18next"
import { createPortfolioIssues, createPortfolioMachine, PORTFOLIO_CURRENCIES, type PortfolioCurrency } from "../../machines/create-portfolio.machine"
import { useAppActors } from "../app-actors"
import { FormAlert } from "../shared/form-alert"
import { SelectField } from "../shared/form-field"
import { useFailureText } from "../hooks/failure-text"
import { useIssueText } from "../hooks/form-issue"
import { WorkflowDialog } from "../shared/workflow-dialog"
import { useWhyDisabled, useWorkflowActor } from "../workflows"
import { usePortfoliosActor } from "./portfolios-context"
import { TAG } from "../../machines/kit"
import { ChartForm } from "../shared/chart-form"

/** The names of the signed-in user's group partners: the custodians a portfolio may be opened with. */
const usePartnerNames = (): ReadonlyArray<string> => {
  const names = useSelector(useAppActors().session, (s) => (s.context.user?.userGroup?.partner ?? []).map((p) => p.name).join("\n"))
  return useMemo(() => (names === "" ? [] : names.split("\n")), [names])
}

export type CreatePortfolioActor = ActorRefFrom<typeof createPortfolioMachine>

const isCurrency = (value: string): value is PortfolioCurrency => (PORTFOLIO_CURRENCIES as ReadonlyArray<string>).includes(value)

/**
 * The create-portfolio modal (spec part 1 sections 4 and 5). Its chart follows the profile's status
 * on the portfolios actor and tells it to reload the accounts after a creation; the custodians are
 * the signed-in user's group partners. It starts open (the host mounts it on the user's first
 * request) and hands its chart to the host, which sends later requests to it.
 */
export function CreatePortfolioModal({ onStart }: { onStart: (actor: CreatePortfolioActor) => void }) {
  const { t } = useTranslation("dashboard")
  const failureText = useFailureText()
  const issueText = useIssueText()
  const portfolios = usePortfoliosActor()
  const partners = usePartnerNames()
  const actor = useWorkflowActor(createPortfolioMachine, { input: { partners, portfolios, open: true } })
  const snapshot = useSelector(actor, (s) => s)
  const isOpen = snapshot.hasTag(TAG.open)
  const busy = snapshot.hasTag(TAG.busy)
  const { partner, currency, showIssues, failure } = snapshot.context
  const issues = showIssues ? createPortfolioIssues(snapshot.context) : {}
  const formId = useId()

  useEffect(() => onStart(actor), [actor, onStart])

  const notAllowed = snapshot.hasTag("notAllowed")
  const checking = snapshot.hasTag(TAG.loading)
  const editable = snapshot.hasTag("editable")
  // Why Create is disabled, as the chart's refusing guard says it (issue 13).
  const whyNot = useWhyDisabled(createPortfolioMachine, actor, { type: "form.submit" })
  const whyNotId = useId()
  const reason = !editable && whyNot !== null ? whyNot : null
  return (
    <WorkflowDialog
      open={isOpen}
      onDismiss={() => actor.send({ type: "modal.close" })}
      busy={busy}
      title={notAllowed ? t("create.verifiedOnly") : t("create.title")}
      closeLabel={t("create.close")}
      footer={
        <>
          <Button variant="outline" disabled={busy} onClick={() => actor.send({ type: "modal.close" })}>
            {t("create.cancel")}
          </Button>
          <Button
            type="submit"
            form={formId}
            colorPalette="blue"
            disabled={!editable}
            loading={busy}
            loadingText={t("create.create")}
            aria-describedby={reason !== null ? whyNotId : undefined}
          >
            {t("create.create")}
          </Button>
        </>
      }
    >
      {checking && <Skeleton height="10" role="status" aria-label={t("create.checking")} />}
      {notAllowed && <Text color="fg.muted">{t("create.verifiedOnlyHelp")}</Text>}
      {reason !== null && (
        <Text id={whyNotId} mt="2" fontSize="sm" color="fg.muted">
          {reason}
        </Text>
      )}
      {editable && (
        <ChartForm id={formId} onSubmit={() => actor.send({ type: "form.submit" })}>
          <Stack gap="4">
            <FormAlert text={failureText(failure)} />
            <SelectField
              label={t("create.partner")}
              required
              error={issueText(issues.partner)}
              disabled={busy}
              value={partner}
              placeholder={t("create.partnerPlaceholder")}
              choices={partners.map((p) => ({ value: p, label: p }))}
              onChange={(value) => actor.send({ type: "partner.change", partner: value })}
              helper={partners.length === 0 && <Field.HelperText>{t("create.noPartners")}</Field.HelperText>}
            />
            <SelectField
              label={t("create.currency")}
              disabled={busy}
              value={currency}
              placeholder={t("create.currencyDefault")}
              choices={PORTFOLIO_CURRENCIES.map((c) => ({ value: c, label: c }))}
              onChange={(value) => actor.send({ type: "currency.change", currency: value !== null && isCurrency(value) ? value : null })}
            />
          </Stack>
        </ChartForm>
      )}
    </WorkflowDialog>
  )
}
