import { Heading, Stack, Text } from "@chakra-ui/react"

/** A signed-out page's heading (its level-1 title) and the line under it. */
export function AuthPageHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <Stack gap="2">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Text color="fg.muted">{subtitle}</Text>
    </Stack>
  )
}
