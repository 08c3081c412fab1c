import { recoveryCodesMachine } from "../../machines/recovery-codes.machine"
import { defineWorkflow } from "../workflow"

/** Saves a text file through the browser's download (an object URL on a temporary link). */
const saveText = (text: string, fileName: string): void => {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }))
  const link = document.createElement("a")
  link.href = url
  link.download = fileName
  link.rel = "noopener"
  link.style.display = "none"
  document.body.append(link)
  link.click()
  link.remove()
  // The download has started from the URL; free it once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/** The Security page's recovery codes: the count left, a new set after a fresh password and app code, its download. */
export default defineWorkflow({
  chart: recoveryCodesMachine,
  texts: ["account", "forms", "errors"],
  calls: {
    loadRecoveryCodes:
      ({ Security }) =>
      () =>
        Security.use((s) => s.recoveryCodes()),
    regenerateRecoveryCodes:
      ({ Security }) =>
      (input) =>
        Security.use((s) => s.regenerateRecoveryCodes(input)),
  },
  effects: ({ notify }) => ({
    notify: (_, notice) => notify(notice),
    saveCodes: (_, file) => saveText(file.text, file.fileName),
  }),
})
