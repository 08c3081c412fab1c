import { lazy, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ComponentProps } from "react"
import { useTranslation } from "react-i18next"
import { portfolioLabel } from "../../domain/labels"
import { usePreloadChakra, WithChakra } from "../shared/chakra-scope"
import type { PortfolioCombobox } from "./portfolio-combobox"

const loadCombobox = () => import("./portfolio-combobox")
const RealCombobox = lazy(() => loadCombobox().then((m) => ({ default: m.PortfolioCombobox })))

/** Commits with the real combobox (the same Suspense boundary), telling the host it is there. */
function Mounted({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted])
  return null
}

/** What the user did to the closed look before the real combobox took over, replayed on it. */
interface Intent {
  open: boolean
  typed: string | null
}

type Props = Omit<ComponentProps<typeof PortfolioCombobox>, "layout">

/**
 * The portfolio combobox of the /dashboard subheader, closed, in plain elements
 * (src/views/dashboard/dashboard.css): the same label, input (its value or placeholder), clear and
 * open buttons, roles and focus order as `PortfolioCombobox` (Chakra's Combobox, with Zag and
 * floating-ui), so the page renders without Chakra. Hovering or focusing it fetches the real one;
 * the first focus, press or key starts it. The real one mounts hidden under `WithChakra` while
 * this one stays usable (typing goes into its input), then takes its place at the same size, gets
 * the focus if this one had it, and is given what the user did meanwhile: the typed text (as
 * typing, so it opens filtered) or the opening press or arrow key. The clear button clears at once.
 */
export function ClosedPortfolioCombobox({ ns, accounts, selectedId, onSelect }: Props) {
  const { t } = useTranslation(ns)
  const id = useId()
  const preloadChakra = usePreloadChakra()
  const preload = useCallback(() => {
    preloadChakra()
    void loadCombobox()
  }, [preloadChakra])
  const selectedLabel = useMemo(() => {
    const account = accounts.find((a) => a.accountId === selectedId)
    return account ? portfolioLabel(account, "header") : ""
  }, [accounts, selectedId])

  // "closed": only this look; "loading": the real one mounting hidden; "real": the real one shown.
  const [phase, setPhase] = useState<"closed" | "loading" | "real">("closed")
  const [typed, setTyped] = useState<string | null>(null)
  const intent = useRef<Intent>({ open: false, typed: null })
  const pointerDown = useRef(false)
  const mounted = useRef(false)
  const hadFocus = useRef(false)
  const plainRef = useRef<HTMLDivElement>(null)
  const realRef = useRef<HTMLDivElement>(null)

  // The typed text is dropped when the selection changes from elsewhere, as the real one does.
  useEffect(() => {
    setTyped(null)
    intent.current.typed = null
  }, [selectedLabel])

  const swap = useCallback(() => {
    if (!mounted.current || pointerDown.current) return
    hadFocus.current = plainRef.current?.contains(document.activeElement) ?? false
    setPhase("real")
  }, [])
  const start = useCallback(() => {
    preload()
    setPhase((p) => (p === "closed" ? "loading" : p))
  }, [preload])
  const onMounted = useCallback(() => {
    mounted.current = true
    swap()
  }, [swap])

  // A press hands over once the pointer is up, so its click does not land on the real one's button.
  const onPointerDown = useCallback(
    (open: boolean) => {
      if (open) intent.current.open = true
      pointerDown.current = true
      const up = () => {
        pointerDown.current = false
        window.removeEventListener("pointerup", up, true)
        window.removeEventListener("pointercancel", up, true)
        // After this event's click has been dispatched.
        setTimeout(swap, 0)
      }
      window.addEventListener("pointerup", up, true)
      window.addEventListener("pointercancel", up, true)
      start()
    },
    [start, swap],
  )

  // Once shown: the focus back where it was, then what the user did, as the user did it.
  useLayoutEffect(() => {
    if (phase !== "real") return
    const input = realRef.current?.querySelector<HTMLInputElement>('input[role="combobox"]')
    if (!input) return
    if (hadFocus.current || intent.current.typed !== null || intent.current.open) input.focus()
    const text = intent.current.typed
    if (text !== null) {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set
      setValue?.call(input, text)
      input.dispatchEvent(new Event("input", { bubbles: true }))
    } else if (intent.current.open) {
      realRef.current?.querySelector<HTMLButtonElement>('[data-part="trigger"]')?.click()
    }
  }, [phase])

  const clearable = selectedId !== null
  return (
    <>
      {phase !== "real" && (
        <div ref={plainRef} className="cf-combo" onPointerEnter={preload}>
          <label htmlFor={`${id}-input`} className="cf-sr-only">
            {t("selector.label")}
          </label>
          <div className="cf-combo-control">
            <input
              id={`${id}-input`}
              className={clearable ? "cf-combo-input cf-combo-clearable" : "cf-combo-input"}
              type="text"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={false}
              autoComplete="off"
              autoCorrect="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={t("selector.placeholder")}
              value={typed ?? selectedLabel}
              onFocus={start}
              onPointerDown={() => onPointerDown(true)}
              onKeyDown={(e) => {
                if (e.key === "ArrowDown" || e.key === "ArrowUp") {
                  e.preventDefault()
                  intent.current.open = true
                }
                start()
              }}
              onChange={(e) => {
                setTyped(e.currentTarget.value)
                intent.current.typed = e.currentTarget.value
              }}
            />
            <div className="cf-combo-indicators">
              <button
                type="button"
                tabIndex={-1}
                className="cf-combo-clear"
                aria-label={t("selector.clear")}
                hidden={!clearable}
                onPointerDown={() => onPointerDown(false)}
                onClick={() => {
                  onSelect(null)
                  document.getElementById(`${id}-input`)?.focus()
                }}
              >
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  <path
                    fillRule="evenodd"
                    clipRule="evenodd"
                    d="M18.7071 6.70711C19.0976 6.31658 19.0976 5.68342 18.7071 5.29289C18.3166 4.90237 17.6834 4.90237 17.2929 5.29289L12 10.5858L6.70711 5.29289C6.31658 4.90237 5.68342 4.90237 5.29289 5.29289C4.90237 5.68342 4.90237 6.31658 5.29289 6.70711L10.5858 12L5.29289 17.2929C4.90237 17.6834 4.90237 18.3166 5.29289 18.7071C5.68342 19.0976 6.31658 19.0976 6.70711 18.7071L12 13.4142L17.2929 18.7071C17.6834 19.0976 18.3166 19.0976 18.7071 18.7071C19.0976 18.3166 19.0976 17.6834 18.7071 17.2929L13.4142 12L18.7071 6.70711Z"
                  />
                </svg>
              </button>
              <button type="button" tabIndex={-1} className="cf-combo-trigger" aria-label={t("selector.open")} aria-haspopup="listbox" aria-expanded={false} onPointerDown={() => onPointerDown(true)}>
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  <path d="m6 9 6 6 6-6" />
                </svg>
              </button>
            </div>
          </div>
        </div>
      )}
      {phase !== "closed" && (
        // Hidden until it has mounted; then it is the combobox, laid out as this one was.
        <div ref={realRef} style={{ display: phase === "real" ? "contents" : "none" }}>
          <WithChakra>
            <RealCombobox
              ns={ns}
              accounts={accounts}
              selectedId={selectedId}
              onSelect={onSelect}
              layout={{ width: { base: "100%", md: "20rem" }, flex: { base: "1", md: "none" } }}
            />
            <Mounted onMounted={onMounted} />
          </WithChakra>
        </div>
      )}
    </>
  )
}
