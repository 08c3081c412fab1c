import { Button } from "@chakra-ui/react"
import { useId } from "react"
import { WorkflowDialog, type WorkflowDialogProps } from "./workflow-dialog"
import { ChartForm } from "./chart-form"

/**
 * A workflow's dialog around one form: the body is the form's fields, the footer its Cancel (the
 * same as dismissing) and its submit button, which shows progress while `busy`. Enter in a field
 * submits; the browser's own validation is off (the chart checks and says why in the user's
 * language). The chart decides everything: `onSubmit` and `onDismiss` only send its events.
 */
export function FormDialog({
  onSubmit,
  cancelLabel,
  submitLabel,
  busyLabel,
  ...dialog
}: Omit<WorkflowDialogProps, "wrap" | "footer"> & {
  readonly onSubmit: () => void
  readonly cancelLabel: string
  readonly submitLabel: string
  /** What the submit button says while `busy` (its own label when absent). */
  readonly busyLabel?: string
}) {
  const formId = useId()
  return (
    <WorkflowDialog
      {...dialog}
      wrap={(content) => (
        <ChartForm id={formId} onSubmit={onSubmit}>
          {content}
        </ChartForm>
      )}
      footer={
        <>
          <Button variant="outline" disabled={dialog.busy} onClick={dialog.onDismiss}>
            {cancelLabel}
          </Button>
          <Button type="submit" form={formId} colorPalette="blue" loading={dialog.busy} {...(busyLabel ? { loadingText: busyLabel } : {})}>
            {submitLabel}
          </Button>
        </>
      }
    />
  )
}
