import { Link as RouterLink } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useId } from "react"
import { useTranslation } from "react-i18next"
import { menuText } from "../../domain/truncate"
import { useAppActors } from "../app-actors"
import { instrumentSearchMachine } from "../../machines/instrument-search.machine"
import { useWorkflowActor } from "../workflows"
import { InstrumentImage } from "./instrument-image"

/** The names of the signed-in user's group partners: the providers instrument search is limited to. */
const usePartnerNames = (): string => {
  const user = useSelector(useAppActors().session, (s) => s.context.user)
  return (user?.userGroup?.partner ?? []).map((p) => p.name).join(",")
}

/**
 * The side menu's Instruments tab (spec part 1 "Layout"): the search box (placeholder
 * 'Instruments...') with a spinner while a search runs, and the results, each its symbol and name
 * cut to 20 characters with the logo (a box icon when it is missing or broken), linking to the
 * instrument page. The search chart restarts when the user's partners change. Plain elements
 * (src/views/shell/frame.css): the side menu shows without Chakra.
 */
export function InstrumentSearchPanel({ onNavigate }: { onNavigate?: () => void }) {
  const partners = usePartnerNames()
  return <SearchPanel key={partners} providers={partners === "" ? [] : partners.split(",")} onNavigate={onNavigate} />
}

function SearchPanel({ providers, onNavigate }: { providers: ReadonlyArray<string>; onNavigate?: () => void }) {
  const { t } = useTranslation("instruments")
  const actor = useWorkflowActor(instrumentSearchMachine, { input: { providers } })
  const text = useSelector(actor, (s) => s.context.text)
  const results = useSelector(actor, (s) => s.context.results)
  const shownQuery = useSelector(actor, (s) => s.context.shownQuery)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const listId = useId()
  return (
    <div role="search" aria-label={t("search.label")} className="cf-search">
      <div className="cf-row-2">
        <input
          type="search"
          aria-label={t("search.label")}
          aria-controls={listId}
          placeholder={t("search.placeholder")}
          value={text}
          onChange={(e) => actor.send({ type: "query.change", value: e.target.value })}
          autoComplete="off"
          className="cf-search-input"
        />
        <div role="status" aria-live="polite" className="cf-search-status">
          {busy && (
            <>
              <span className="cf-spinner cf-spinner-sm" aria-hidden="true" />
              <p className="cf-sr-only">{t("search.searching")}</p>
            </>
          )}
          {!busy && shownQuery !== null && <p className="cf-sr-only">{t("search.found", { number: results.length })}</p>}
        </div>
      </div>
      {shownQuery !== null && results.length === 0 && <p className="cf-search-none">{t("search.none")}</p>}
      <ul id={listId} aria-label={t("search.results")} aria-busy={busy} className="cf-results">
        {results.map((r) => (
          <li key={r.id}>
            <RouterLink to="/instruments/view/$instrumentId" params={{ instrumentId: r.id }} onClick={onNavigate} className="cf-result-link">
              <InstrumentImage src={r.imageUrl} />
              <div className="cf-result-text">
                <span className="cf-result-symbol">{menuText(r.symbol)}</span>
                <span className="cf-result-name">{menuText(r.name)}</span>
              </div>
            </RouterLink>
          </li>
        ))}
      </ul>
    </div>
  )
}
