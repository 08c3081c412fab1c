import { Box, Button, Field, Image, Input, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { useId } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import { useEnumLabel } from "../shared/enum-label"
import { ALLOWED_UPLOAD_EXTENSIONS, DOCUMENT_CATEGORIES, MAX_ID_FIELD_LENGTH } from "../../domain/upload"
import { TAG } from "../../machines/kit"
import { uploadIssues, type documentUploadMachine } from "../../machines/document-upload.machine"
import { FormAlert } from "../shared/form-alert"
import { SelectField } from "../shared/form-field"
import { useFailureText } from "../hooks/failure-text"
import { useIssueText } from "../hooks/form-issue"
import { WorkflowDialog } from "../shared/workflow-dialog"
import { ChartForm } from "../shared/chart-form"

const ACCEPT = ALLOWED_UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(",")

/**
 * The upload modal of /user-account/documents (spec part 2 section 5; issue 11). The chart owns
 * everything: this hands it the chosen File in an event and shows its snapshot (the file's issue at
 * once, the preview once read, the stage of the upload).
 */
export function DocumentUploadModal({ actor }: { actor: ActorRefFrom<typeof documentUploadMachine> }) {
  const { t } = useTranslation("account")
  const label = useEnumLabel()
  const issueText = useIssueText()
  const failureText = useFailureText()
  const formId = useId()
  const snapshot = useSelector(actor, (s) => s)
  const context = snapshot.context
  const busy = snapshot.hasTag(TAG.busy)
  const reading = snapshot.hasTag("reading")
  const issues = uploadIssues(context)
  const shown = {
    category: context.showIssues ? issues.category : undefined,
    // A refused file says so at once; a missing one only after an upload attempt.
    file: context.fileIssue ?? (context.showIssues ? issues.file : undefined),
  }
  const close = () => actor.send({ type: "modal.close" })

  return (
    <WorkflowDialog
      open={snapshot.hasTag(TAG.open)}
      onDismiss={close}
      busy={busy}
      title={t("documents.upload.title")}
      closeLabel={t("documents.upload.cancel")}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={busy}>
            {t("documents.upload.cancel")}
          </Button>
          <Button type="submit" form={formId} colorPalette="blue" loading={busy} loadingText={t("documents.upload.sending")} disabled={reading}>
            {t("documents.upload.submit")}
          </Button>
        </>
      }
    >
      <ChartForm id={formId} onSubmit={() => actor.send({ type: "upload.submit" })}>
        <Stack gap="4">
          <FormAlert text={failureText(context.failure)} />
          <SelectField
            label={t("documents.upload.category")}
            required
            error={issueText(shown.category)}
            disabled={busy}
            value={context.category}
            placeholder={t("documents.upload.categoryPlaceholder")}
            choices={DOCUMENT_CATEGORIES.map((c) => ({ value: c, label: label("documentCategory", c) }))}
            onChange={(category) => actor.send({ type: "category.change", category: category ?? "" })}
          />
          <Field.Root disabled={busy}>
            <Field.Label>{t("documents.upload.idType")}</Field.Label>
            <Input
              maxLength={MAX_ID_FIELD_LENGTH}
              autoComplete="off"
              value={context.idType}
              onChange={(e) => actor.send({ type: "idType.change", idType: e.currentTarget.value })}
            />
          </Field.Root>
          <Field.Root disabled={busy}>
            <Field.Label>{t("documents.upload.idValue")}</Field.Label>
            <Input
              maxLength={MAX_ID_FIELD_LENGTH}
              autoComplete="off"
              value={context.idValue}
              onChange={(e) => actor.send({ type: "idValue.change", idValue: e.currentTarget.value })}
            />
          </Field.Root>
          <Field.Root required invalid={shown.file !== undefined || context.readError !== null} disabled={busy || reading}>
            <Field.Label>
              {t("documents.upload.file")}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              type="file"
              accept={ACCEPT}
              paddingY="1"
              onChange={(e) => {
                const file = e.currentTarget.files?.[0] ?? null
                actor.send({ type: "file.choose", file: file ? { name: file.name, size: file.size, blob: file } : null })
              }}
            />
            <Field.HelperText>{context.file ? t("documents.upload.chosen", { name: context.file.name }) : t("documents.upload.fileHelp")}</Field.HelperText>
            <Field.ErrorText>
              {context.readError !== null ? t("documents.upload.readError", { message: context.readError }) : issueText(shown.file)}
            </Field.ErrorText>
          </Field.Root>
          {(reading || busy) && (
            <Stack gap="1">
              {/* A native indeterminate progress bar: the request pipeline reports no upload progress (docs/decisions/0099-upload-checks-in-browser.md). */}
              <Box asChild width="full" height="2" accentColor="blue.600">
                <progress aria-label={t("documents.upload.progress")} />
              </Box>
              <Text fontSize="sm" color="fg.muted" role="status">
                {reading ? t("documents.upload.reading") : t("documents.upload.sending")}
              </Text>
            </Stack>
          )}
          {context.dataUrl && (
            <Image src={context.dataUrl} alt={t("documents.upload.preview")} maxHeight="12rem" objectFit="contain" borderWidth="1px" borderRadius="md" />
          )}
        </Stack>
      </ChartForm>
    </WorkflowDialog>
  )
}
