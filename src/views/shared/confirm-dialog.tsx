import { Button, Text } from "@chakra-ui/react"
import { WorkflowDialog } from "./workflow-dialog"

/**
 * The confirmation before an irreversible step (deleting a list, an alert or a bank account, ending
 * a session): an alert dialog with its question, one line of text, the keep button (the same as
 * dismissing) and the red confirm button, which shows progress while `busy` (with `busyLabel`, or
 * its own label). The chart decides whether it is open; `onKeep` and `onConfirm` only send its events.
 */
export function ConfirmDialog({
  open,
  busy,
  title,
  text,
  keepLabel,
  confirmLabel,
  busyLabel,
  onKeep,
  onConfirm,
}: {
  readonly open: boolean
  readonly busy: boolean
  readonly title: string
  readonly text: string
  readonly keepLabel: string
  readonly confirmLabel: string
  readonly busyLabel?: string
  readonly onKeep: () => void
  readonly onConfirm: () => void
}) {
  return (
    <WorkflowDialog
      alert
      open={open}
      busy={busy}
      onDismiss={onKeep}
      title={title}
      footer={
        <>
          <Button variant="outline" disabled={busy} onClick={onKeep}>
            {keepLabel}
          </Button>
          <Button colorPalette="red" loading={busy} loadingText={busyLabel ?? confirmLabel} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Text>{text}</Text>
    </WorkflowDialog>
  )
}
