import { useRef } from 'react'
import styled from 'styled-components'
import { Icon, mdiCalendar } from '@/src/design-system/icons/index.ts'
import { quietIconButton } from '@/src/design-system/theme/mixins.ts'
import { TextField, type TextFieldProps } from '../TextField/index.ts'

const Picker = styled.span`
  position: relative;
  display: inline-flex;
  margin-right: -8px;
`

const PickerButton = styled.button`
  ${quietIconButton(36)}
`

/** The browser's own date input, under the button: only its calendar is used, never its segments. */
const NativeDate = styled.input`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  padding: 0;
  border: 0;
  opacity: 0;
  pointer-events: none;
`

const isoDay = /^\d{4}-\d{2}-\d{2}$/

// Chromium, Firefox and Safari 16+; elsewhere the date is typed.
const canShowPicker = typeof HTMLInputElement !== 'undefined' && 'showPicker' in HTMLInputElement.prototype

export interface DateFieldProps extends Omit<
  TextFieldProps,
  'type' | 'value' | 'onChange' | 'multiline' | 'rows' | 'trailing'
> {
  /**
   * Ce qui est dans le champ, tel que saisi (AAAA-MM-JJ pour une date) ou choisi dans le calendrier ; le
   * formulaire le vérifie.
   */
  value: string
  /** Appelée avec le nouveau texte du champ. */
  onChange: (value: string) => void
  /** Première date proposée par le calendrier (AAAA-MM-JJ). */
  min?: string
  /** Dernière date proposée par le calendrier (AAAA-MM-JJ). */
  max?: string
}

/**
 * A date typed as text (placeholder AAAA-MM-JJ) with a calendar button: the browser's own date picker fills
 * the text. A `<input type="date">` alone cannot be the field: what is typed in another shape (31/12/2030)
 * never reaches the form, the input reports '' (or an empty `validity.badInput`), so the form cannot answer
 * with the format message; and it shows no placeholder.
 */
export function DateField({
  value,
  onChange,
  min = '1900-01-01',
  max = '9999-12-31',
  placeholder = 'AAAA-MM-JJ',
  disabled,
  ...rest
}: DateFieldProps) {
  const native = useRef<HTMLInputElement>(null)
  return (
    <TextField
      {...rest}
      type="text"
      autoComplete="off"
      spellCheck={false}
      placeholder={placeholder}
      disabled={disabled}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      trailing={
        canShowPicker ? (
          <Picker>
            <PickerButton
              type="button"
              aria-label="Choisir dans le calendrier"
              disabled={disabled}
              onClick={() => {
                try {
                  native.current?.showPicker()
                } catch {
                  // No calendar allowed here (e.g. a cross-origin frame): the date is typed.
                }
              }}
            >
              <Icon path={mdiCalendar} size={20} />
            </PickerButton>
            <NativeDate
              ref={native}
              type="date"
              tabIndex={-1}
              aria-hidden="true"
              min={min}
              max={max}
              disabled={disabled}
              // The calendar opens on the typed day when there is one.
              value={isoDay.test(value.trim()) ? value.trim() : ''}
              onChange={(event) => {
                if (event.target.value) onChange(event.target.value)
              }}
            />
          </Picker>
        ) : null
      }
    />
  )
}
