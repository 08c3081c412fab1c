import { Alert } from "@chakra-ui/react"

/** The form's alert area for a failed submit (spec part 1 section 8). */
export function FormAlert({ text }: { text: string | undefined }) {
  if (!text) return null
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  )
}
