import { useTranslation } from "react-i18next"
import type { ValidationIssue } from "../../domain/validation"

/** Translates a validation issue of src/domain (code + params) into the user's language. */
export const useIssueText = () => {
  const { t } = useTranslation("forms")
  return (issue: ValidationIssue | undefined): string | undefined => (issue ? t(issue.code, issue.params ?? {}) : undefined)
}
