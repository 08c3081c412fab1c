import { CloseButton, Dialog, Portal, Stack, Text } from "@chakra-ui/react"
import { useEffect, useLayoutEffect, useRef, type ReactNode } from "react"
import { useDialogName } from "./dialog-name"

/** What a workflow's dialog shows and how the user may leave it. */
export interface WorkflowDialogProps {
  readonly open: boolean
  /** The user asks to leave (Escape, a click outside, the close button); never sent while `busy`. */
  readonly onDismiss: () => void
  /** A request runs: the dialog cannot be dismissed until it ends. */
  readonly busy?: boolean
  /** A static dialog (the withdraw modal): never dismissed by Escape or a click outside, only by its own buttons. */
  readonly isStatic?: boolean
  readonly title: ReactNode
  /** A smaller line under the title (the instrument's name under the ticket's symbol). */
  readonly subtitle?: ReactNode
  /** A confirmation before an irreversible step: announced as an alert dialog. */
  readonly alert?: boolean
  /** The accessible name of the corner close button; without it there is none. */
  readonly closeLabel?: string
  readonly footer: ReactNode
  readonly children: ReactNode
  readonly size?: "sm" | "md" | "lg"
  readonly initialFocusEl?: () => HTMLElement | null
  readonly onExitComplete?: () => void
  /** Wraps header, body and footer, e.g. in a form whose submit button is in the footer. */
  readonly wrap?: (content: ReactNode) => ReactNode
  /**
   * The dialog's step (a form, then its review). When it changes while the dialog is open, the
   * focus moves to `focusOnStep(step)` or, without one, to the title, which names the new step:
   * the focus never falls to the page behind when the step's controls are replaced.
   */
  readonly step?: string
  readonly focusOnStep?: (step: string) => HTMLElement | null
}

/**
 * The dialog every workflow shows the same way: centred, dismissed by Escape, a click outside or
 * the close button unless a request runs (or it is static), header / body / footer. The chart decides whether it is
 * open; the dialog only reports the user's wish to leave.
 */
export function WorkflowDialog({
  open,
  onDismiss,
  busy = false,
  isStatic = false,
  title,
  subtitle,
  alert = false,
  closeLabel,
  footer,
  children,
  size,
  initialFocusEl,
  onExitComplete,
  wrap = (content) => content,
  step,
  focusOnStep,
}: WorkflowDialogProps) {
  const name = useDialogName()
  const titleRef = useRef<HTMLHeadingElement | null>(null)
  const shownStep = useRef(step)
  // The control that had the focus when the dialog opened (the button that opened it). Zag's focus
  // trap notes it one frame later and gives the focus back to it on closing; noted here as the
  // dialog opens, it is also where the focus goes if it fell to the page's body by the time the
  // closing animation ends (the focus never stays lost after a dialog).
  const opener = useRef<Element | null>(null)
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement
  }, [open])
  const openerInPage = () => {
    const el = opener.current
    return el instanceof HTMLElement && el !== document.body && el.isConnected ? el : null
  }
  const exited = () => {
    if (document.activeElement === document.body) openerInPage()?.focus()
    onExitComplete?.()
  }
  useEffect(() => {
    if (shownStep.current === step) return
    shownStep.current = step
    if (!open || step === undefined) return
    ;(focusOnStep?.(step) ?? titleRef.current)?.focus()
  }, [open, step, focusOnStep])
  return (
    <Dialog.Root
      ids={name.ids}
      role={alert ? "alertdialog" : "dialog"}
      open={open}
      onOpenChange={(d) => {
        if (!d.open && !busy) onDismiss()
      }}
      closeOnEscape={!busy && !isStatic}
      closeOnInteractOutside={!busy && !isStatic}
      placement="center"
      {...(size ? { size } : {})}
      {...(initialFocusEl ? { initialFocusEl } : {})}
      finalFocusEl={openerInPage}
      onExitComplete={exited}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content aria-labelledby={name.labelledBy}>
            {wrap(
              <>
                <Dialog.Header>
                  <Stack gap="0">
                    <Dialog.Title ref={titleRef} tabIndex={step === undefined ? undefined : -1} outline="none">
                      {title}
                    </Dialog.Title>
                    {subtitle && (
                      <Text fontSize="sm" color="fg.muted">
                        {subtitle}
                      </Text>
                    )}
                  </Stack>
                </Dialog.Header>
                <Dialog.Body>{children}</Dialog.Body>
                <Dialog.Footer>{footer}</Dialog.Footer>
              </>,
            )}
            {closeLabel && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={closeLabel} disabled={busy} />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
