import { clearParts } from "./coverage-report"

/** Playwright global setup: a run's browser coverage starts empty. */
export default function coverageSetup() {
  clearParts()
}
