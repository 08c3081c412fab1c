import { Button, Group } from "@chakra-ui/react"

/**
 * A row of attached toggle buttons, one pressed (aria-pressed): the charts' range and type choices.
 * `text` is what a button shows; `name`, when given, its accessible name (e.g. "3 months" for "3M").
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
    <Group attached role="group" aria-label={label}>
      {options.map((option) => (
        <Button
          key={option}
          size="xs"
          variant={option === value ? "solid" : "outline"}
          aria-pressed={option === value}
          {...(name ? { "aria-label": name(option) } : {})}
          onClick={() => onChange(option)}
        >
          {text(option)}
        </Button>
      ))}
    </Group>
  )
}
