import { Link as RouterLink } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { credentialIssues } from "../../machines/sign-in.machine"
import { useFailureText } from "../hooks/failure-text"
import { useIssueText } from "../hooks/form-issue"
import { PlainField, PlainFormAlert, PlainSubmitButton } from "./plain-controls"
import { useSignIn } from "./sign-in-context"
import { TAG } from "../../machines/kit"

/**
 * /login: the credentials step of the sign-in chart (spec part 1 section 5, Sign-in). Plain
 * elements (src/views/shell/plain.css): the first page needs no Chakra.
 */
export function LoginPage() {
  const { t } = useTranslation("auth")
  const actor = useSignIn()
  const email = useSelector(actor, (s) => s.context.email)
  const password = useSelector(actor, (s) => s.context.password)
  const touched = useSelector(actor, (s) => s.context.touched)
  const busy = useSelector(actor, (s) => s.hasTag(TAG.busy))
  const failure = useSelector(actor, (s) => s.context.failure)
  const issueText = useIssueText()
  const failureText = useFailureText()
  const issues = credentialIssues({ email, password })
  const shown = (field: "email" | "password") => (touched.includes(field) ? issueText(issues[field]) : undefined)

  return (
    <div className="cf-stack-8">
      <div className="cf-stack-2">
        <h1 className="cf-heading">{t("login.title")}</h1>
        <p className="cf-muted">{t("login.subtitle")}</p>
      </div>
      <form
        noValidate
        aria-label={t("login.title")}
        onSubmit={(e) => {
          e.preventDefault()
          actor.send({ type: "credentials.submit" })
        }}
      >
        <div className="cf-stack-5">
          <PlainFormAlert text={failureText(failure)} />
          <PlainField
            label={t("login.email")}
            error={shown("email")}
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(e) => actor.send({ type: "credentials.change", field: "email", value: e.currentTarget.value })}
            onBlur={() => actor.send({ type: "credentials.blur", field: "email" })}
          />
          <PlainField
            label={t("login.password")}
            error={shown("password")}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => actor.send({ type: "credentials.change", field: "password", value: e.currentTarget.value })}
            onBlur={() => actor.send({ type: "credentials.blur", field: "password" })}
          />
          <div className="cf-row-between">
            <RouterLink to="/forgot-password" className="cf-link">
              {t("login.forgot")}
            </RouterLink>
            <PlainSubmitButton loading={busy} loadingText={t("login.submitting")}>
              {t("login.submit")}
            </PlainSubmitButton>
          </div>
        </div>
      </form>
      <p>
        {t("login.noAccount")}{" "}
        <RouterLink to="/auth/registration" className="cf-link">
          {t("login.signUp")}
        </RouterLink>
      </p>
    </div>
  )
}
