import { Button, EmptyState } from "@chakra-ui/react"

/** What a page shows in place of what could not be loaded: the failure and a retry button. */
export function RetryState({ title, retry, onRetry }: { title: string; retry: string; onRetry: () => void }) {
  return (
    <EmptyState.Root borderWidth="1px" borderRadius="md">
      <EmptyState.Content>
        <EmptyState.Title>{title}</EmptyState.Title>
        <Button size="sm" colorPalette="blue" onClick={onRetry}>
          {retry}
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  )
}
