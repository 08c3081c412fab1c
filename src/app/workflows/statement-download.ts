import { statementDownloadMachine } from "../../machines/statement-download.machine"
import { defineWorkflow } from "../workflow"

/** Saves bytes as a file through the browser's download (an object URL on a temporary link). */
const saveFile = (bytes: Uint8Array, fileName: string): void => {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/pdf" }))
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

/** The statements page of a portfolio: the tabs and each file's PDF download. */
export default defineWorkflow({
  chart: statementDownloadMachine,
  texts: ["portfolio"],
  calls: {
    downloadStatement:
      ({ Portfolio }) =>
      (input) =>
        Portfolio.use((p) => p.statement(input.accountId, input.key, input.lang)),
  },
  effects: ({ notify }) => ({
    notify: (_, notice) => notify(notice),
    saveFile: (_, file) => saveFile(file.bytes, file.fileName),
  }),
})
