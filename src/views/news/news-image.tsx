import { Box } from "@chakra-ui/react"
import { Picture } from "../shared/picture"

/** A newspaper icon, shown for an article without an image or whose image fails to load (spec part 2 "Business news"). */
function NewspaperIcon() {
  return (
    <Box
      display="flex"
      alignItems="center"
      justifyContent="center"
      width="full"
      height="full"
      bg="bg.muted"
      color="fg.subtle"
      data-testid="news-fallback-image"
    >
      <svg viewBox="0 0 24 24" width="40%" height="40%" aria-hidden="true" focusable="false">
        <path
          d="M4 4h13v3h3v11a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4Zm2 2v12h10V6H6Zm12 3v9h.01V9H18ZM7.5 7.5h7v3h-7v-3Zm0 4.5h7v1.5h-7V12Zm0 3h7v1.5h-7V15Z"
          fill="currentColor"
        />
      </svg>
    </Box>
  )
}

/**
 * An article's picture, cropped to the card; the newspaper icon when there is none or it breaks.
 * Decorative: the title is the link's name right below it.
 */
export function NewsImage({ src }: { src: string | null }) {
  return (
    <Picture
      src={src}
      fallback={<NewspaperIcon />}
      fit="cover"
      loading="lazy"
      aspectRatio={16 / 9}
      width="full"
      height="auto"
      borderRadius="sm"
      bg="transparent"
    />
  )
}
