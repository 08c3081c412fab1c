import "./plain-parts.css"

/**
 * A row of attached toggle buttons, one pressed (aria-pressed): the charts' range and type choices.
 * `text` is what a button shows; `name`, when given, its accessible name (e.g. "3 months" for "3M").
 * Plain elements (./plain-parts.css), so a page can show it before Chakra loads.
 */
export function PressedGroup<T extends string>({
  label,
  options,
  value,
  onChange,
  text,
  name,
}: {
  label: string
  options: ReadonlyArray<T>
  value: T
  onChange: (value: T) => void
  text: (option: T) => string
  name?: (option: T) => string
}) {
  return (
    <div className="cf-group" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          className={`cf-button cf-button-xs ${option === value ? "cf-button-pressed" : "cf-button-outline"}`}
          aria-pressed={option === value}
          {...(name ? { "aria-label": name(option) } : {})}
          onClick={() => onChange(option)}
        >
          {text(option)}
        </button>
      ))}
    </div>
  )
}
