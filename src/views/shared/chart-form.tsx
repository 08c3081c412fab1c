import type { FormHTMLAttributes, ReactNode } from "react"

/**
 * A form whose chart checks its fields: the browser's own validation is off (the chart says what is
 * wrong, in the user's language), and submitting it (Enter in a field, or a submit button naming
 * its id) only calls `onSubmit`, which sends the chart its event.
 */
export function ChartForm({
  onSubmit,
  children,
  ...form
}: Omit<FormHTMLAttributes<HTMLFormElement>, "onSubmit" | "noValidate" | "children"> & { readonly onSubmit: () => void; readonly children: ReactNode }) {
  return (
    <form
      {...form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        onSubmit()
      }}
    >
      {children}
    </form>
  )
}
