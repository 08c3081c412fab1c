import { Box, Button, CloseButton, Dialog, Portal, Skeleton, Stack } from "@chakra-ui/react"
import { useRef } from "react"
import { useTranslation } from "react-i18next"
import { useDialogName } from "../shared/dialog-name"
import { ThemedFrame } from "../shared/themed-frame"

/** Where the embedded legal disclosure lives (served by the reference server, framed sandboxed). */
export const LEGAL_DISCLOSURE_URL = "/embedded/legal-disclosure.html"

/**
 * The Legal Agreement dialog (spec part 1 "Modals"): the embedded disclosure page in a sandboxed
 * frame in the app's colour mode, a skeleton until it has loaded, and Okay and close buttons.
 * Loaded on first use by `LegalDialogProvider` (./legal-dialog.tsx), so the dialog's code is not
 * part of the first page.
 */
export function LegalDialog({
  open,
  onOpenChange,
  loaded,
  onLoaded,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  loaded: boolean
  onLoaded: () => void
}) {
  const name = useDialogName()
  // The focus goes to Okay on opening: the frame, the first focusable part, is hidden while it loads.
  const okay = useRef<HTMLButtonElement>(null)
  const { t } = useTranslation("common")
  return (
    <Dialog.Root ids={name.ids} initialFocusEl={() => okay.current} open={open} onOpenChange={(d) => onOpenChange(d.open)} size="lg" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content aria-labelledby={name.labelledBy}>
            <Dialog.Header>
              <Dialog.Title>{t("legal.title")}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Box position="relative" height="60vh">
                {!loaded && (
                  <Stack position="absolute" inset="0" gap="3" role="status" aria-label={t("legal.loading")}>
                    <Skeleton height="6" width="60%" />
                    <Skeleton height="4" />
                    <Skeleton height="4" />
                    <Skeleton height="4" width="80%" />
                    <Skeleton flex="1" />
                  </Stack>
                )}
                <ThemedFrame
                  title={t("legal.frameTitle")}
                  src={LEGAL_DISCLOSURE_URL}
                  onLoad={onLoaded}
                  style={{ width: "100%", height: "100%", border: 0, visibility: loaded ? "visible" : "hidden" }}
                />
              </Box>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button ref={okay} colorPalette="blue">
                  {t("legal.okay")}
                </Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t("legal.close")} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
