import type { FocusEvent } from 'react'
import { TextField, type TextFieldProps } from '../TextField/index.ts'

/** What a DateField reports when its input holds an impossible or unfinished date (e.g. 31/02). */
export const INVALID_DATE = 'invalide'

export interface DateFieldProps extends Omit<
  TextFieldProps,
  'type' | 'value' | 'onChange' | 'multiline' | 'rows' | 'inputMode'
> {
  /** AAAA-MM-JJ, '' when empty, INVALID_DATE when what was typed is no date. */
  value: string
  onChange: (value: string) => void
  /** Earliest and latest dates offered (AAAA-MM-JJ). */
  min?: string
  max?: string
}

/**
 * A date picker: the browser's own `<input type="date">` (calendar, keyboard segments, the reader's locale),
 * which only yields real dates. An impossible date typed in its segments leaves the input empty with
 * `validity.badInput`: reported as INVALID_DATE, so the form can say so rather than save "no date".
 */
export function DateField({
  value,
  onChange,
  onBlur,
  min = '1900-01-01',
  max = '9999-12-31',
  ...rest
}: DateFieldProps) {
  const report = (input: HTMLInputElement) => onChange(input.validity.badInput ? INVALID_DATE : input.value)
  return (
    <TextField
      {...rest}
      type="date"
      min={min}
      max={max}
      value={value === INVALID_DATE ? '' : value}
      onChange={(event) => report(event.target as HTMLInputElement)}
      onBlur={(event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        // An unfinished or impossible date fires no change (the value stays ''): read it when leaving.
        report(event.target as HTMLInputElement)
        onBlur?.(event)
      }}
    />
  )
}
