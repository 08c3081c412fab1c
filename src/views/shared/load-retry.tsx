import { Button, Skeleton, Stack, Text } from "@chakra-ui/react"

/**
 * What a dialog shows while the data its form needs loads (a skeleton named for screen readers),
 * or when it could not be loaded (the reason and a retry). Nothing otherwise.
 */
export function LoadRetry(props: { loading: boolean; failed: boolean; loadingLabel: string; failedText: string; retry: string; onRetry: () => void }) {
  if (props.loading) return <Skeleton height="32" role="status" aria-label={props.loadingLabel} />
  if (!props.failed) return null
  return (
    <Stack gap="3" align="start" role="alert">
      <Text>{props.failedText}</Text>
      <Button size="sm" variant="outline" onClick={props.onRetry}>
        {props.retry}
      </Button>
    </Stack>
  )
}
