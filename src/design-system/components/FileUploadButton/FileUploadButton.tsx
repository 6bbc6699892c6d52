import { useRef } from 'react'
import styled from 'styled-components'
import { Icon, mdiUpload } from '@/src/design-system/icons/index.ts'
import { Button, type ButtonProps } from '../Button/index.ts'

// Visually hidden rather than display:none, so tests (and some browsers) can still drive it.
const HiddenInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  border: 0;
  opacity: 0;
`

export interface FileUploadButtonProps extends Omit<ButtonProps, 'onClick' | 'asChild' | 'as' | 'type'> {
  /** Types de fichiers acceptés, par exemple `image/*`. */
  accept?: string
  /** Appelée avec chaque fichier choisi. */
  onFile: (file: File) => void
  /** Permet de choisir plusieurs fichiers à la fois (`onFile` est appelée pour chacun). */
  multiple?: boolean
  /** Nom du champ de fichier caché. */
  name?: string
}

/** A button that opens the file chooser (the input stays hidden); e.g. 'Ajouter' for photos. */
export function FileUploadButton({
  accept,
  onFile,
  multiple = false,
  name,
  children = 'Ajouter',
  startIcon = <Icon path={mdiUpload} size={20} />,
  disabled,
  loading,
  ...buttonProps
}: FileUploadButtonProps) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <HiddenInput
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        name={name}
        tabIndex={-1}
        aria-hidden
        disabled={disabled || loading}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? [])
          // Reset so choosing the same file again still fires change.
          event.target.value = ''
          files.forEach(onFile)
        }}
      />
      <Button
        {...buttonProps}
        startIcon={startIcon}
        disabled={disabled}
        loading={loading}
        onClick={() => input.current?.click()}
      >
        {children}
      </Button>
    </>
  )
}
