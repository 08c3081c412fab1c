import { Field, NativeSelect } from "@chakra-ui/react"
import type { ReactNode, Ref } from "react"

/** What every labelled field of a form says around its control. */
export interface FormFieldProps {
  readonly label: ReactNode
  /** A required field: announced as required, with the theme's required mark after its label. */
  readonly required?: boolean
  /** The field's error in the user's language; the field is invalid while there is one. */
  readonly error?: string | undefined
  readonly disabled?: boolean
  /** A line under the control (a hint, or why nothing can be chosen). */
  readonly helper?: ReactNode
}

/**
 * A form's labelled field (Chakra's Field): the label, the control, a helper line and the error,
 * tied together for assistive technology (label, required, invalid, description).
 */
export function FormField({ label, required = false, error, disabled, helper, children }: FormFieldProps & { readonly children: ReactNode }) {
  return (
    <Field.Root required={required} invalid={error !== undefined} {...(disabled === undefined ? {} : { disabled })}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  )
}

/** One choice of a `SelectField`. */
export interface SelectChoice {
  readonly value: string
  readonly label: string
  readonly disabled?: boolean
}

/**
 * A labelled native select of a form: `placeholder` is the empty first choice, reported as null;
 * without one the select always holds one of `choices`.
 */
export function SelectField({
  value,
  choices,
  placeholder,
  onChange,
  fieldRef,
  ...field
}: FormFieldProps & {
  readonly value: string | null
  readonly choices: ReadonlyArray<SelectChoice>
  readonly placeholder?: string
  readonly onChange: (value: string | null) => void
  readonly fieldRef?: Ref<HTMLSelectElement>
}) {
  return (
    <FormField {...field}>
      <NativeSelect.Root>
        <NativeSelect.Field
          {...(fieldRef ? { ref: fieldRef } : {})}
          value={value ?? ""}
          onChange={(e) => onChange(e.currentTarget.value === "" ? null : e.currentTarget.value)}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {choices.map((c) => (
            <option key={c.value} value={c.value} disabled={c.disabled}>
              {c.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  )
}
