import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react'
import { Icon } from '@/src/design-system/icons/index.ts'
import { BareInput, FieldLabel, FieldRoot, HelperText, InputBox } from './fieldParts.tsx'

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement | HTMLTextAreaElement>,
  'size'
> {
  /** Libellé visible, relié au champ. */
  label?: ReactNode
  /**
   * Nom lu par le lecteur d’écran quand il n’y a pas de libellé visible (par exemple un champ de recherche).
   */
  'aria-label'?: string
  /** Message d’erreur sous le champ : le champ est annoncé invalide et le message est lu avec lui. */
  error?: string | null
  /** Aide sous le champ quand il n’y a pas d’erreur. */
  helperText?: ReactNode
  /** Icône au début du champ : un tracé d’icône (par exemple `mdiEmail`) ou un élément. */
  leadingIcon?: string | ReactNode
  /** Élément à la fin du champ (par exemple le bouton afficher / masquer du mot de passe). */
  trailing?: ReactNode
  /** Une zone de texte sur plusieurs lignes au lieu d’une seule ligne. */
  multiline?: boolean
  /** Nombre de lignes visibles, avec `multiline`. */
  rows?: number
  /** Le champ prend toute la largeur de son conteneur (oui par défaut). */
  fullWidth?: boolean
  /**
   * Champ obligatoire : astérisque après le libellé, annoncé au lecteur d’écran (le formulaire vérifie, pas le
   * navigateur).
   */
  required?: boolean
  /** `pill` donne l’apparence arrondie d’un champ de recherche. */
  shape?: 'default' | 'pill'
  /** Classe CSS ajoutée à l’élément racine. */
  className?: string
  /** Référence vers le champ (pour lui donner le focus). */
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
