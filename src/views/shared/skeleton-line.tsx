import { Box, Skeleton, type SystemStyleObject } from "@chakra-ui/react"

/**
 * One line of text while it loads: a skeleton bar inside a box of the text's own style, so the
 * line is as tall as the text that replaces it (decision 0228: nothing moves when it comes).
 */
export function SkeletonLine({
  textStyle,
  fontSize,
  height,
  width,
}: {
  /** The text's style (`textStyle="md"` for body text), or its `fontSize` when it has one. */
  textStyle?: SystemStyleObject["textStyle"]
  fontSize?: SystemStyleObject["fontSize"]
  /** The bar's height, under the line's. */
  height: SystemStyleObject["height"]
  width: SystemStyleObject["width"]
}) {
  return (
    <Box textStyle={textStyle} fontSize={fontSize}>
      <Skeleton display="inline-block" verticalAlign="middle" height={height} width={width} />
    </Box>
  )
}
