import { useId, type FocusEventHandler, type ReactNode, type Ref } from 'react'
import { Checkbox as RadixCheckbox } from 'radix-ui'
import styled from 'styled-components'
import { Icon, mdiCheck } from '@/src/design-system/icons/index.ts'
import { HelperText } from '../TextField/index.ts'

const Row = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 10px;
`

const Box = styled(RadixCheckbox.Root)`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 22px;
  height: 22px;
  margin-top: 1px;
  padding: 0;
  border: 2px solid ${({ theme }) => theme.colors.textMuted};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.onPrimary};
  cursor: pointer;
  &[data-state='checked'] {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`

const Label = styled.label`
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: 1.4;
  cursor: pointer;
  [data-disabled] + & {
    cursor: not-allowed;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
`

export interface CheckboxProps {
  /**
   * The label. It may hold a link (`<a href target="_blank" rel="noopener noreferrer">`): clicking the link
   * opens it without toggling the box (links are interactive content, so the label does not forward the click).
   */
  label: ReactNode
  checked?: boolean
  defaultChecked?: boolean
  /** Called with the new state. */
  onCheckedChange?: (checked: boolean) => void
  /** Same as onCheckedChange, so react-final-form's `input.onChange` can be spread in (type="checkbox" field). */
  onChange?: (checked: boolean) => void
  onBlur?: FocusEventHandler<HTMLButtonElement>
  onFocus?: FocusEventHandler<HTMLButtonElement>
  name?: string
  disabled?: boolean
  required?: boolean
  error?: string | null
  id?: string
  className?: string
  ref?: Ref<HTMLButtonElement>
}

/** A checkbox (radix) with its label. */
export function Checkbox({
  label,
  checked,
  defaultChecked,
  onCheckedChange,
  onChange,
  onBlur,
  onFocus,
  name,
  disabled,
  required,
  error,
  id,
  className,
  ref,
}: CheckboxProps) {
  const generatedId = useId()
  const boxId = id ?? generatedId
  const errorId = `${boxId}-error`
  return (
    <Wrapper className={className}>
      <Row>
        <Box
          ref={ref}
          id={boxId}
          name={name}
          checked={checked}
          defaultChecked={defaultChecked}
          disabled={disabled}
          required={required}
          onBlur={onBlur}
          onFocus={onFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onCheckedChange={(state) => {
            const value = state === true
            onCheckedChange?.(value)
            onChange?.(value)
          }}
        >
          <RadixCheckbox.Indicator>
            <Icon path={mdiCheck} size={18} />
          </RadixCheckbox.Indicator>
        </Box>
        <Label htmlFor={boxId}>{label}</Label>
      </Row>
      {error ? (
        <HelperText id={errorId} data-error>
          {error}
        </HelperText>
      ) : null}
    </Wrapper>
  )
}
