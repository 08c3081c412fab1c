import { Button, Field, HStack, Input, Spinner, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { useId, useMemo, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import { BANK_ACCOUNT_TYPES, isForeignBank, type BankAccountType } from "../../domain/bank-account"
import { COUNTRY_CODES } from "../../domain/countries"
import { countryName } from "../../domain/country-names"
import type { ValidationIssue } from "../../domain/validation"
import { addBankAccountIssues, currencyOf, isForeignChoice, type addBankAccountMachine, type ForeignTextField } from "../../machines/add-bank-account.machine"
import { TAG } from "../../machines/kit"
import { FormAlert } from "../shared/form-alert"
import { FormField, SelectField } from "../shared/form-field"
import { useFailureText } from "../hooks/failure-text"
import { useIssueText } from "../hooks/form-issue"
import { useIntlLocale } from "../portfolio/shared"
import { LoadRetry } from "../shared/load-retry"
import { StepUpButtons, StepUpStep, type StepUpView } from "../shared/step-up-step"
import { WorkflowDialog } from "../shared/workflow-dialog"
import { ChartForm } from "../shared/chart-form"

type AddActor = ActorRefFrom<typeof addBankAccountMachine>

const isAccountType = (value: string): value is BankAccountType => (BANK_ACCOUNT_TYPES as ReadonlyArray<string>).includes(value)

/** The foreign text fields after the account number and name, in the form's order. */
const FOREIGN_BANK_FIELDS = [
  "bankName",
  "bankAddress",
  "bankCity",
  "bankProvince",
  "bankZipCode",
  "swiftAba",
] as const satisfies ReadonlyArray<ForeignTextField>

/**
 * The add-bank-account modal (spec part 2 section 5): bank, account number, the account name (a
 * local bank's is looked up once 10 digits are typed and shown read-only; a failed lookup says so
 * with a retry), account type, the fixed currency; the 'Foreign' entry adds the foreign bank's
 * fields and country. The add-bank-account chart owns all of it; this reads its snapshot and sends
 * what the user does.
 */
export function AddBankAccountModal({ actor }: { actor: AddActor }) {
  const { t } = useTranslation("account")
  const locale = useIntlLocale()
  const issueText = useIssueText()
  const failureText = useFailureText()
  const snapshot = useSelector(actor, (s) => s)
  const formId = useId()
  const context = snapshot.context
  const busy = snapshot.hasTag(TAG.busy)
  const loading = snapshot.hasTag(TAG.loading)
  const failed = snapshot.hasTag(TAG.failed)
  // The code step before an account is added (issue 35): the form stays in the chart meanwhile.
  const steppingUp = snapshot.hasTag("stepUp")
  const stepUpFormId = `${formId}-code`
  const stepUp: StepUpView = { context, sending: snapshot.hasTag("stepUp.sending"), verifying: steppingUp && busy, send: actor.send }
  const editing = !loading && !failed && !steppingUp
  const foreign = isForeignChoice(context)
  const issues: Partial<Record<string, ValidationIssue>> = context.showIssues ? addBankAccountIssues(context) : {}
  const close = () => actor.send({ type: "modal.close" })
  const countries = useMemo(
    () => COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) => a.name.localeCompare(b.name, locale)),
    [locale],
  )

  const text = (field: ForeignTextField | "accountNumber", input: ReactNode, helper?: ReactNode) => (
    <FormField key={field} label={t(`bankAccounts.addModal.${field}`)} required error={issueText(issues[field])} disabled={busy} helper={helper}>
      {input}
    </FormField>
  )
  const typed = (field: ForeignTextField) =>
    text(field, <Input autoComplete="off" value={context[field]} onChange={(e) => actor.send({ type: "field.change", field, value: e.currentTarget.value })} />)

  return (
    <WorkflowDialog
      open={snapshot.hasTag(TAG.open)}
      onDismiss={close}
      busy={busy}
      title={t("bankAccounts.addModal.title")}
      footer={
        steppingUp ? (
          <StepUpButtons view={stepUp} formId={stepUpFormId} />
        ) : (
          <>
            <Button variant="outline" disabled={busy} onClick={close}>
              {t("bankAccounts.addModal.cancel")}
            </Button>
            <Button type="submit" form={formId} colorPalette="blue" disabled={!editing} loading={busy} loadingText={t("bankAccounts.addModal.submit")}>
              {t("bankAccounts.addModal.submit")}
            </Button>
          </>
        )
      }
    >
      <Stack gap="4">
        <FormAlert text={failureText(context.failure)} />
        {steppingUp && <StepUpStep view={stepUp} formId={stepUpFormId} />}
        <LoadRetry
          loading={loading}
          failed={failed}
          loadingLabel={t("bankAccounts.addModal.loadingBanks")}
          failedText={t("bankAccounts.addModal.banksFailed")}
          retry={t("bankAccounts.addModal.retry")}
          onRetry={() => actor.send({ type: "banks.retry" })}
        />
        {editing && (
          <ChartForm id={formId} onSubmit={() => actor.send({ type: "form.submit" })}>
            <Stack gap="4">
              <SelectField
                label={t("bankAccounts.addModal.bank")}
                required
                error={issueText(issues.bankRef)}
                disabled={busy}
                value={context.bankRef}
                placeholder={t("bankAccounts.addModal.bankPlaceholder")}
                choices={(context.banks ?? []).map((b) => ({ value: b.ref, label: isForeignBank(b) ? t("bankAccounts.addModal.foreign") : b.bankName }))}
                onChange={(ref) => actor.send({ type: "bank.change", ref })}
              />
              {text(
                "accountNumber",
                <Input
                  inputMode="numeric"
                  autoComplete="off"
                  value={context.accountNumber}
                  onChange={(e) => actor.send({ type: "accountNumber.change", accountNumber: e.currentTarget.value })}
                />,
                context.refused ? (
                  <Field.HelperText color="fg.error" role="status">
                    {t("forms:typing.digitsOnly")}
                  </Field.HelperText>
                ) : undefined,
              )}
              {foreign ? typed("accountName") : <LookedUpName actor={actor} invalid={issues.accountName !== undefined} error={issueText(issues.accountName)} />}
              {foreign && FOREIGN_BANK_FIELDS.map(typed)}
              {foreign && (
                <SelectField
                  label={t("bankAccounts.addModal.country")}
                  required
                  error={issueText(issues.bankCountryCode)}
                  disabled={busy}
                  value={context.bankCountryCode}
                  placeholder={t("bankAccounts.addModal.countryPlaceholder")}
                  choices={countries.map((c) => ({ value: c.code, label: c.name }))}
                  onChange={(code) => actor.send({ type: "country.change", code })}
                />
              )}
              <SelectField
                label={t("bankAccounts.addModal.accountType")}
                required
                error={issueText(issues.accountType)}
                disabled={busy}
                value={context.accountType}
                placeholder={t("bankAccounts.addModal.accountTypePlaceholder")}
                choices={BANK_ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`bankAccounts.addModal.types.${type}`) }))}
                onChange={(value) => actor.send({ type: "accountType.change", accountType: value !== null && isAccountType(value) ? value : null })}
              />
              <Field.Root readOnly>
                <Field.Label>{t("bankAccounts.addModal.currency")}</Field.Label>
                <Input readOnly value={currencyOf(context)} />
              </Field.Root>
            </Stack>
          </ChartForm>
        )}
      </Stack>
    </WorkflowDialog>
  )
}

/** A local account's name: read-only, filled by the lookup; while it runs a status, when it failed the reason and a retry. */
function LookedUpName({ actor, invalid, error }: { actor: AddActor; invalid: boolean; error: string | undefined }) {
  const { t } = useTranslation("account")
  const failureText = useFailureText()
  const name = useSelector(actor, (s) => s.context.accountName)
  const looking = useSelector(actor, (s) => s.hasTag("lookup.busy"))
  const lookupFailed = useSelector(actor, (s) => s.hasTag("lookup.failed"))
  const failure = useSelector(actor, (s) => s.context.lookupFailure)
  return (
    <Field.Root invalid={invalid && !looking && !lookupFailed} readOnly>
      <Field.Label>{t("bankAccounts.addModal.accountName")}</Field.Label>
      <Input readOnly value={name} placeholder={t("bankAccounts.addModal.accountNameHint")} />
      {looking && (
        <HStack gap="2" role="status">
          <Spinner size="xs" />
          <Text fontSize="sm">{t("bankAccounts.addModal.lookingUp")}</Text>
        </HStack>
      )}
      {lookupFailed && (
        <Stack gap="2" align="start" role="alert">
          <Text fontSize="sm" color="red.fg">
            {t("bankAccounts.addModal.lookupFailed")} {failure ? failureText(failure) : ""}
          </Text>
          <Button size="xs" variant="outline" onClick={() => actor.send({ type: "lookup.retry" })}>
            {t("bankAccounts.addModal.lookupRetry")}
          </Button>
        </Stack>
      )}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  )
}
