import { mergeParts } from "./coverage-report"

/** Playwright global teardown: writes reports/e2e-coverage/<chart>.json from the workers' parts. */
export default function coverageTeardown() {
  mergeParts()
}
