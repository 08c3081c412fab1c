import { Alert } from "@chakra-ui/react"

/** Says a dialog reopened with the user's unsent draft (after a reload or coming back to the page). */
export function RestoredNotice({ text }: { text: string }) {
  return (
    <Alert.Root status="info" size="sm">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{text}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  )
}
