import { useEffect, useRef, useState, type CSSProperties } from "react"
import { useShownColorMode } from "./theme-colours"

type ColorMode = "light" | "dark"

/** The address with the colour mode shown as its fragment: "/embedded/x.html#dark". */
export const addressInMode = (src: string, mode: ColorMode): string => `${src.replace(/#.*$/, "")}#${mode}`

interface ThemedFrameProps {
  readonly src: string
  readonly title: string
  readonly onLoad?: () => void
  readonly style?: CSSProperties
}

function Frame({ src, title, onLoad, style }: ThemedFrameProps) {
  const mode = useShownColorMode()
  const frame = useRef<HTMLIFrameElement>(null)
  // The address the frame opens with. A later change of mode replaces the frame's location instead
  // of changing its src: a new src would add an entry to the tab's history, and Back would then
  // switch the frame's colours instead of leaving the page.
  const [opened] = useState(() => addressInMode(src, mode))
  const painted = useRef(mode)
  useEffect(() => {
    if (painted.current === mode) return
    painted.current = mode
    frame.current?.contentWindow?.location.replace(addressInMode(src, mode))
  }, [mode, src])
  return <iframe ref={frame} title={title} src={opened} sandbox="" referrerPolicy="no-referrer" onLoad={onLoad} style={style} />
}

/**
 * A page of ours shown in a sandboxed frame without scripts (the legal disclosure, the market
 * insight; public/embedded/*.html), in the colour mode the app shows: the mode is the address's
 * fragment (#light or #dark), which the page's style follows (`:target`), and a change of mode while
 * it is open moves the fragment (no reload). Frames are opaque to the app's CSS, so this is how the
 * theme reaches them.
 */
export function ThemedFrame(props: ThemedFrameProps) {
  return <Frame key={props.src} {...props} />
}
