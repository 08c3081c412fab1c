import { options } from "preact"

// Passive effects (useEffect) run right after the commit, in a microtask, as React runs them for
// an update that comes from a click or a key (it flushes them before the task ends), instead of
// Preact's default, after the next animation frame. Zag's components rely on it: a dialog's focus
// trap looks for its content one frame after it opens, and the content mounts in an effect of its
// presence (with the effects in a later task, the trap found nothing and the focus stayed behind
// the dialog: 4 keyboard browser tests failed).
options.requestAnimationFrame = (callback: () => void) => queueMicrotask(callback)
