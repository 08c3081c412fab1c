import { useState } from "react"

/**
 * An instrument's logo in plain elements (the side menu's search results; classes in
 * src/views/shell/frame.css), 24 px, as ./instrument-image.tsx shows it; the box icon when there
 * is none or it fails to load. Decorative: the symbol and name are always shown next to it.
 */
export function PlainInstrumentImage({ src }: { src: string | null }) {
  const [broken, setBroken] = useState<string | null>(null)
  if (!src || broken === src)
    return (
      <span className="cf-instrument-fallback" data-testid="instrument-fallback-icon">
        <svg viewBox="0 0 24 24" width="80%" height="80%" aria-hidden="true" focusable="false">
          <path
            d="M12 2 3 7v10l9 5 9-5V7l-9-5Zm0 2.3 6.6 3.7L12 11.7 5.4 8 12 4.3ZM5 9.7l6 3.4v6.6l-6-3.4V9.7Zm8 10v-6.6l6-3.4v6.6l-6 3.4Z"
            fill="currentColor"
          />
        </svg>
      </span>
    )
  return <img src={src} alt="" className="cf-instrument-image" onError={() => setBroken(src)} />
}
