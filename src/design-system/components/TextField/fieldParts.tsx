import styled from 'styled-components'
import { theme } from '@/src/design-system/theme/theme.ts'

/** Shared pieces of every form field (TextField, Select, Autocomplete…), so they line up exactly. */
export const FieldRoot = styled.div<{ $fullWidth?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 4px;
  width: ${({ $fullWidth = true }) => ($fullWidth ? '100%' : 'auto')};
  min-width: 0;
`

/**
 * `data-required="true"` adds a visible '*'. Generated content keeps it out of the label's text, and its
 * empty alternative ('/ ""') out of the accessible name: the field says it with aria-required.
 */
export const FieldLabel = styled.label`
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
  color: ${theme.colors.text};
  &[data-required='true']::after {
    margin-left: 2px;
    color: ${theme.colors.danger};
    content: '*';
    content: '*' / '';
  }
`

export const HelperText = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.textMuted};
  &[data-error='true'] {
    color: ${theme.colors.danger};
  }
`

/** The bordered box around an input; `data-invalid`, `data-disabled` and focus-within drive its look. */
export const InputBox = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  padding: 0 12px;
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.inputBorder};
  border-radius: ${theme.radii.md};
  color: ${theme.colors.textMuted};
  transition: border-color ${theme.transitions.fast};
  &:hover {
    border-color: ${theme.colors.textMuted};
  }
  &:focus-within {
    border-color: ${theme.colors.primary};
    box-shadow: 0 0 0 1px ${theme.colors.primary};
  }
  &[data-invalid='true'] {
    border-color: ${theme.colors.danger};
  }
  &[data-invalid='true']:focus-within {
    box-shadow: 0 0 0 1px ${theme.colors.danger};
  }
  &[data-disabled='true'] {
    background: ${theme.colors.surfaceMuted};
    cursor: not-allowed;
  }
  &[data-shape='pill'] {
    border-radius: ${theme.radii.pill};
  }
  & > svg {
    flex: none;
  }
`

export const BareInput = styled.input`
  flex: 1;
  min-width: 0;
  align-self: stretch;
  padding: 10px 0;
  border: 0;
  outline: none;
  background: transparent;
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.md};
  resize: vertical;
  &::placeholder {
    color: ${theme.colors.textMuted};
    opacity: 1;
  }
  &:disabled {
    cursor: not-allowed;
    color: ${theme.colors.textMuted};
  }
  /* The box shows focus; the input itself needs no second ring. */
  &:focus-visible {
    outline: none;
  }
`
