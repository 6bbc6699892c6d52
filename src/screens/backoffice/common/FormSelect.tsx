import { Field } from 'react-final-form'
import { Select, type SelectOption } from '@/src/design-system/components/Select/index.ts'
import { fieldError } from '../../forms/FormTextField.tsx'

interface FormSelectProps {
  name: string
  label: string
  options: SelectOption[]
  placeholder?: string
  disabled?: boolean
  required?: boolean
  helperText?: string
}

/** A Select bound to react-final-form, with the same error display as the text fields. */
export function FormSelect({
  name,
  label,
  options,
  placeholder,
  disabled,
  required,
  helperText,
}: FormSelectProps) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => (
        <Select
          label={label}
          name={input.name}
          value={input.value ?? ''}
          onValueChange={input.onChange}
          onBlur={() => input.onBlur()}
          onFocus={() => input.onFocus()}
          options={options}
          placeholder={placeholder}
          disabled={disabled}
          required={required}
          helperText={helperText}
          error={fieldError(meta)}
        />
      )}
    </Field>
  )
}
