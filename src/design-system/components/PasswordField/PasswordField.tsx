import { useState } from 'react'
import styled from 'styled-components'
import { Icon, mdiEye, mdiEyeOff } from '@/src/design-system/icons/index.ts'
import { quietIconButton } from '@/src/design-system/theme/mixins.ts'
import { TextField, type TextFieldProps } from '../TextField/index.ts'

const Toggle = styled.button`
  ${quietIconButton(36)}
  margin-right: -8px;
`

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'multiline' | 'trailing'>

/** A password input with a show/hide toggle ('Afficher le mot de passe' / 'Masquer le mot de passe'). */
export function PasswordField({ autoComplete = 'current-password', disabled, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false)
  return (
    <TextField
      {...props}
      disabled={disabled}
      autoComplete={autoComplete}
      type={visible ? 'text' : 'password'}
      trailing={
        <Toggle
          type="button"
          disabled={disabled}
          aria-label={visible ? 'Masquer le mot de passe' : 'Afficher le mot de passe'}
          onClick={() => setVisible((v) => !v)}
        >
          <Icon path={visible ? mdiEyeOff : mdiEye} size={20} />
        </Toggle>
      }
    />
  )
}
