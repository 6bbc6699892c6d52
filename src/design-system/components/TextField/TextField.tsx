import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react'
import { Icon } from '@/src/design-system/icons/index.ts'
import { BareInput, FieldLabel, FieldRoot, HelperText, InputBox } from './fieldParts.tsx'

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement | HTMLTextAreaElement>,
  'size'
> {
  /** Visible label, tied to the input. */
  label?: ReactNode
  /** Accessible name when there is no visible label (e.g. a search box). */
  'aria-label'?: string
  /** Error text: shown under the field, sets aria-invalid and is referenced by aria-describedby. */
  error?: string | null
  /** Help text shown under the field when there is no error. */
  helperText?: ReactNode
  /** Leading icon: an MDI path (e.g. `mdiEmail`) or any node. */
  leadingIcon?: string | ReactNode
  /** Node at the end of the box (e.g. a toggle button). */
  trailing?: ReactNode
  /** A textarea instead of an input. */
  multiline?: boolean
  /** Visible rows when multiline. */
  rows?: number
  /** Default true: the field takes its container's width. */
  fullWidth?: boolean
  /** Marks the label with '*' and sets aria-required (the form validates; no native bubble). */
  required?: boolean
  /** 'pill' gives the rounded search-box look. */
  shape?: 'default' | 'pill'
  className?: string
  ref?: Ref<HTMLInputElement | HTMLTextAreaElement>
}

/**
 * A labelled text input. Spread react-final-form's `input` (value, onChange, onBlur, onFocus, name) straight in:
 * `<TextField label="Email" type="email" {...input} error={meta.touched ? meta.error : undefined} />`.
 */
export function TextField({
  label,
  error,
  helperText,
  leadingIcon,
  trailing,
  multiline = false,
  rows = 4,
  fullWidth = true,
  shape = 'default',
  className,
  id,
  disabled,
  required,
  ref,
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  const helpId = `${inputId}-help`
  const invalid = Boolean(error)
  const help = error || helperText
  const describedBy =
    [inputProps['aria-describedby'], help ? helpId : null].filter(Boolean).join(' ') || undefined
  return (
    <FieldRoot $fullWidth={fullWidth} className={className}>
      {label ? (
        <FieldLabel htmlFor={inputId} data-required={required || undefined}>
          {label}
        </FieldLabel>
      ) : null}
      <InputBox data-invalid={invalid} data-disabled={disabled || undefined} data-shape={shape}>
        {typeof leadingIcon === 'string' ? <Icon path={leadingIcon} size={20} /> : leadingIcon}
        <BareInput
          as={multiline ? 'textarea' : 'input'}
          rows={multiline ? rows : undefined}
          {...inputProps}
          id={inputId}
          ref={ref as Ref<HTMLInputElement>}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy}
        />
        {trailing}
      </InputBox>
      {help ? (
        <HelperText id={helpId} data-error={invalid}>
          {help}
        </HelperText>
      ) : null}
    </FieldRoot>
  )
}
