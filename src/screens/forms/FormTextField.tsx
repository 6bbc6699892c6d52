import { Field } from 'react-final-form'
import { DateField, type DateFieldProps } from '@/src/design-system/components/DateField/index.ts'
import { PasswordField } from '@/src/design-system/components/PasswordField/index.ts'
import { TextField, type TextFieldProps } from '@/src/design-system/components/TextField/index.ts'

interface FormTextFieldProps extends Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> {
  name: string
  /** A PasswordField (hidden text with its 'show' toggle) instead of a TextField. */
  password?: boolean
  /**
   * Says its error only once the form was sent: on a page of several forms ('Mon compte'), tabbing through one
   * that the person does not mean to use leaves it quiet.
   */
  errorAfterSubmit?: boolean
}

/** A TextField bound to react-final-form: the error shows once the field was touched or a submit was tried. */
export function FormTextField({
  name,
  type,
  password = false,
  errorAfterSubmit = false,
  ...rest
}: FormTextFieldProps) {
  return (
    <Field<string> name={name} type={type}>
      {({ input, meta }) => {
        const error = errorAfterSubmit && !meta.submitFailed ? undefined : fieldError(meta)
        return password ? (
          <PasswordField {...rest} {...input} value={input.value ?? ''} error={error} />
        ) : (
          <TextField {...rest} {...input} value={input.value ?? ''} error={error} />
        )
      }}
    </Field>
  )
}

interface MetaLike {
  touched?: boolean
  error?: unknown
  submitError?: unknown
  dirtySinceLastSubmit?: boolean
}

/** The message to show for a field: its validation error, else the server's until the field is changed. */
export function fieldError(meta: MetaLike): string | undefined {
  if (!meta.touched) return undefined
  if (typeof meta.error === 'string') return meta.error
  if (typeof meta.submitError === 'string' && !meta.dirtySinceLastSubmit) return meta.submitError
  return undefined
}

interface FormDateFieldProps extends Omit<DateFieldProps, 'name' | 'value' | 'onChange' | 'error'> {
  name: string
}

/** A DateField bound to react-final-form: the value is the text typed or picked; the form's validate checks it. */
export function FormDateField({ name, ...rest }: FormDateFieldProps) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => (
        <DateField
          {...rest}
          name={input.name}
          value={input.value ?? ''}
          onChange={input.onChange}
          onFocus={input.onFocus}
          onBlur={() => input.onBlur()}
          error={fieldError(meta)}
        />
      )}
    </Field>
  )
}
