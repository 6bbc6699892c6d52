import { useId, type FocusEventHandler, type ReactNode, type Ref } from 'react'
import styled from 'styled-components'
import { Icon, mdiCheck } from '@/src/design-system/icons/index.ts'
import { HelperText } from '../TextField/index.ts'
import { theme } from '@/src/design-system/theme/theme.ts'

const Row = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 10px;
`

/** Holds the box and its tick, drawn over it. */
const Frame = styled.span`
  position: relative;
  flex: none;
  display: inline-flex;
  width: 22px;
  height: 22px;
  margin-top: 1px;
`

const Box = styled.input`
  appearance: none;
  width: 22px;
  height: 22px;
  margin: 0;
  padding: 0;
  border: 2px solid ${theme.colors.textMuted};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surface};
  cursor: pointer;
  &:checked {
    background: ${theme.colors.primary};
    border-color: ${theme.colors.primary};
  }
  &[aria-invalid='true'] {
    border-color: ${theme.colors.danger};
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`

/** Inside the border, the tick in an inline box on the text's line: where it has always been drawn. */
const Tick = styled.span`
  position: absolute;
  inset: 2px;
  display: none;
  align-items: center;
  justify-content: center;
  color: ${theme.colors.onPrimary};
  pointer-events: none;
  input:checked + & {
    display: flex;
  }
  input:disabled + & {
    opacity: 0.6;
  }
`

const Label = styled.label`
  font-size: ${theme.fontSizes.md};
  line-height: 1.4;
  cursor: pointer;
  [data-disabled] + & {
    cursor: not-allowed;
    color: ${theme.colors.textMuted};
  }
`

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
`

export interface CheckboxProps {
  /**
   * Le libellé, cliquable. Il peut contenir un lien (conditions d’utilisation) : cliquer le lien l’ouvre sans
   * cocher la case.
   */
  label: ReactNode
  /** Case cochée (état tenu par le parent). */
  checked?: boolean
  /** Cochée au départ (état tenu par la case elle-même). */
  defaultChecked?: boolean
  /** Appelée avec le nouvel état. */
  onCheckedChange?: (checked: boolean) => void
  /** Comme `onCheckedChange`, pour brancher directement un champ de formulaire (react-final-form). */
  onChange?: (checked: boolean) => void
  /** Appelée quand la case perd le focus. */
  onBlur?: FocusEventHandler<HTMLInputElement>
  /** Appelée quand la case reçoit le focus. */
  onFocus?: FocusEventHandler<HTMLInputElement>
  /** Nom du champ dans le formulaire. */
  name?: string
  /** La case ne répond plus et paraît estompée. */
  disabled?: boolean
  /** Case obligatoire : annoncée comme telle au lecteur d’écran. */
  required?: boolean
  /** Message d’erreur sous la case, relié à elle et lu avec elle. */
  error?: string | null
  /** Identifiant de la case (sinon un identifiant unique est créé). */
  id?: string
  /** Classe CSS ajoutée à l’élément racine. */
  className?: string
  /** Référence vers la case (pour lui donner le focus). */
  ref?: Ref<HTMLInputElement>
}

/**
 * A checkbox with its label: the browser's own input, drawn by the theme. (It was radix's, which sets state
 * while the page hydrates, and that made the sign-up page's hydration one long task.)
 */
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
        <Frame data-disabled={disabled ? '' : undefined}>
          <Box
            type="checkbox"
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
            onChange={(event) => {
              const value = event.currentTarget.checked
              onCheckedChange?.(value)
              onChange?.(value)
            }}
          />
          <Tick>
            <span>
              <Icon path={mdiCheck} size={18} />
            </span>
          </Tick>
        </Frame>
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
