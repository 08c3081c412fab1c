import { Box } from "@chakra-ui/react"
import { Picture } from "./picture"

/** The generic box icon shown for a missing or broken instrument logo (spec part 1 section 8). */
function BoxIcon({ size }: { size: string }) {
  return (
    <Box
      as="span"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      width={size}
      height={size}
      flexShrink={0}
      color="gray.400"
      data-testid="instrument-fallback-icon"
    >
      <svg viewBox="0 0 24 24" width="80%" height="80%" aria-hidden="true" focusable="false">
        <path
          d="M12 2 3 7v10l9 5 9-5V7l-9-5Zm0 2.3 6.6 3.7L12 11.7 5.4 8 12 4.3ZM5 9.7l6 3.4v6.6l-6-3.4V9.7Zm8 10v-6.6l6-3.4v6.6l-6 3.4Z"
          fill="currentColor"
        />
      </svg>
    </Box>
  )
}

/**
 * An instrument's logo; the box icon when there is none or it fails to load. Decorative: the
 * symbol and name are always shown next to it.
 */
export function InstrumentImage({ src, size = "6" }: { src: string | null; size?: string }) {
  return <Picture src={src} fallback={<BoxIcon size={size} />} width={size} height={size} borderRadius="sm" bg="transparent" />
}
