import { useId, type FocusEventHandler, type ReactNode, type Ref } from 'react'
import { Select as RadixSelect } from 'radix-ui'
import styled from 'styled-components'
import { Icon, mdiCheck, mdiChevronDown } from '@/src/design-system/icons/index.ts'
import { FieldLabel, FieldRoot, HelperText } from '../TextField/index.ts'
import { theme } from '@/src/design-system/theme/theme.ts'

export interface SelectOption {
  value: string
  label: string
  disabled?: boolean
}

// Radix reserves '' for "no value"; an option whose value is '' (e.g. the empty link target) is mapped to this.
const EMPTY = '__vide__'
const fromRadix = (value: string) => (value === EMPTY ? '' : value)

const Trigger = styled(RadixSelect.Trigger)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  width: 100%;
  min-height: 44px;
  padding: 0 8px 0 12px;
  border: 1px solid ${theme.colors.inputBorder};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.md};
  text-align: left;
  cursor: pointer;
  &:hover {
    border-color: ${theme.colors.textMuted};
  }
  &[data-state='open'] {
    border-color: ${theme.colors.primary};
  }
  &[aria-invalid='true'] {
    border-color: ${theme.colors.danger};
  }
  &[data-placeholder] {
    color: ${theme.colors.textMuted};
  }
  &:disabled {
    cursor: not-allowed;
    background: ${theme.colors.surfaceMuted};
    color: ${theme.colors.textMuted};
  }
  &[data-size='small'] {
    min-height: 32px;
    font-size: ${theme.fontSizes.sm};
  }
  & > span:first-child {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`

const Content = styled(RadixSelect.Content)`
  z-index: ${theme.zIndices.tooltip};
  min-width: var(--radix-select-trigger-width);
  max-height: min(360px, var(--radix-select-content-available-height));
  overflow: hidden;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadows[3]};
`

const Item = styled(RadixSelect.Item)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  min-height: 40px;
  padding: 8px 12px;
  color: ${theme.colors.text};
  cursor: pointer;
  outline: none;
  user-select: none;
  &[data-highlighted] {
    background: ${theme.colors.primaryLight};
  }
  &[data-state='checked'] {
    font-weight: ${theme.fontWeights.medium};
  }
  &[data-disabled] {
    color: ${theme.colors.textMuted};
    cursor: not-allowed;
  }
`

export interface SelectProps {
  /** Libellé visible, relié à la liste. */
  label?: ReactNode
  /** Nom lu par le lecteur d’écran quand il n’y a pas de libellé visible. */
  'aria-label'?: string
  /** Les options : valeur et texte de chacune, dans l’ordre d’affichage. */
  options: SelectOption[]
  /** La valeur choisie (état tenu par le parent). */
  value?: string
  /** La valeur choisie au départ (état tenu par la liste elle-même). */
  defaultValue?: string
  /** Appelée avec la valeur choisie. */
  onValueChange?: (value: string) => void
  /** Comme `onValueChange`, pour brancher directement un champ de formulaire (react-final-form). */
  onChange?: (value: string) => void
  /** Appelée quand la liste perd le focus. */
  onBlur?: FocusEventHandler<HTMLButtonElement>
  /** Appelée quand la liste reçoit le focus. */
  onFocus?: FocusEventHandler<HTMLButtonElement>
  /** Texte affiché tant que rien n’est choisi. */
  placeholder?: string
  /** Message d’erreur sous la liste, relié à elle et lu avec elle. */
  error?: string | null
  /** Aide sous la liste quand il n’y a pas d’erreur. */
  helperText?: ReactNode
  /** Nom du champ dans le formulaire. */
  name?: string
  /** La liste ne s’ouvre plus et paraît estompée. */
  disabled?: boolean
  /** Choix obligatoire : astérisque après le libellé, annoncé au lecteur d’écran. */
  required?: boolean
  /** Hauteur : `small` ou `medium` (par défaut). */
  size?: 'small' | 'medium'
  /** La liste prend toute la largeur de son conteneur. */
  fullWidth?: boolean
  /** Identifiant de la liste (sinon un identifiant unique est créé). */
  id?: string
  /** Classe CSS ajoutée à l’élément racine. */
  className?: string
  /** Référence vers le bouton de la liste (pour lui donner le focus). */
  ref?: Ref<HTMLButtonElement>
}

/** A labelled choice list (radix Select): keyboard operable, typeahead, error text. */
export function Select({
  label,
  'aria-label': ariaLabel,
  options,
  value,
  defaultValue,
  onValueChange,
  onChange,
  onBlur,
  onFocus,
  placeholder = 'Choisir…',
  error,
  helperText,
  name,
  disabled,
  required,
  size = 'medium',
  fullWidth = true,
  id,
  className,
  ref,
}: SelectProps) {
  const generatedId = useId()
  const triggerId = id ?? generatedId
  const helpId = `${triggerId}-help`
  const help = error || helperText
  // Without an '' option, '' (react-final-form's unset value) means "nothing chosen": show the placeholder.
  const hasEmptyOption = options.some((option) => option.value === '')
  const toRadix = (v: string) => (v === '' && hasEmptyOption ? EMPTY : v)
  return (
    <FieldRoot $fullWidth={fullWidth} className={className}>
      {label ? (
        <FieldLabel htmlFor={triggerId} data-required={required || undefined}>
          {label}
        </FieldLabel>
      ) : null}
      <RadixSelect.Root
        value={value === undefined ? undefined : toRadix(value)}
        defaultValue={defaultValue === undefined ? undefined : toRadix(defaultValue)}
        onValueChange={(next) => {
          onValueChange?.(fromRadix(next))
          onChange?.(fromRadix(next))
        }}
        name={name}
        disabled={disabled}
        required={required}
      >
        <Trigger
          ref={ref}
          id={triggerId}
          data-size={size}
          aria-label={ariaLabel}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={help ? helpId : undefined}
          onBlur={onBlur}
          onFocus={onFocus}
        >
          <RadixSelect.Value placeholder={placeholder} />
          <RadixSelect.Icon>
            <Icon path={mdiChevronDown} size={20} />
          </RadixSelect.Icon>
        </Trigger>
        <RadixSelect.Portal>
          <Content position="popper" sideOffset={4}>
            <RadixSelect.Viewport>
              {options.map((option) => (
                <Item key={option.value} value={toRadix(option.value)} disabled={option.disabled}>
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                  <RadixSelect.ItemIndicator>
                    <Icon path={mdiCheck} size={18} />
                  </RadixSelect.ItemIndicator>
                </Item>
              ))}
            </RadixSelect.Viewport>
          </Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
      {help ? (
        <HelperText id={helpId} data-error={Boolean(error)}>
          {help}
        </HelperText>
      ) : null}
    </FieldRoot>
  )
}
