import { useState } from 'react'
import styled from 'styled-components'
import { useMdiIconPath } from '@/src/api/icons/index.ts'
import { CategoryIcon } from '@/src/design-system/components/CategoryIcon/index.ts'
import { Dialog } from '@/src/design-system/components/Dialog/index.ts'
import { TextField } from '@/src/design-system/components/TextField/index.ts'
import { useDiscardPrompt } from '../common/unsavedChanges.tsx'
import { CategoryIconPicker } from './CategoryIconPicker.tsx'
import { DEFAULT_CATEGORY_ICON } from './partnerForm.ts'
import { theme } from '@/src/design-system/theme/index.ts'

const Preview = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space[2]}px;
  margin-top: ${theme.space[3]}px;
  color: ${theme.colors.primary};
`

const OtherName = styled.form`
  margin-top: ${theme.space[4]}px;
`

const ICON_CATALOGUE = 'https://pictogrammers.com/library/mdi/'

export interface CategoryIconDialogProps {
  /** The label just typed; null when closed. */
  label: string | null
  /** Called with the icon name ('Ok'), or the default icon when the dialog is dismissed. */
  onDone: (icon: string) => void
}

/**
 * 'Choisir une icône pour la catégorie': the icon of a category typed in the partner form, picked from a grid
 * of named icons, or any other Material Design Icons name typed below it.
 */
export function CategoryIconDialog({ label, onDone }: CategoryIconDialogProps) {
  const [icon, setIcon] = useState(DEFAULT_CATEGORY_ICON)
  const previewPath = useMdiIconPath(icon.trim() || DEFAULT_CATEGORY_ICON)
  const discard = useDiscardPrompt()
  const finish = (chosen: string) => {
    onDone(chosen.trim() || DEFAULT_CATEGORY_ICON)
    setIcon(DEFAULT_CATEGORY_ICON)
  }
  return (
    <>
      <Dialog
        open={label !== null}
        // Dismissing keeps the category with the default icon (the spec's default); a typed name asks first.
        onOpenChange={(open) => {
          if (!open) discard.guard(icon.trim() !== DEFAULT_CATEGORY_ICON, () => finish(DEFAULT_CATEGORY_ICON))
        }}
        title="Choisir une icône pour la catégorie"
        description={label ? `Nouvelle catégorie : ${label}` : undefined}
        confirmLabel="Ok"
        onConfirm={() => finish(icon)}
        cancelLabel={null}
      >
        <CategoryIconPicker value={icon} onChange={setIcon} />
        <OtherName
          onSubmit={(event) => {
            // Rendered from the partner form's tree: the submit must not reach it through the portal.
            event.preventDefault()
            event.stopPropagation()
            finish(icon)
          }}
        >
          <TextField
            label="Nom de l'icône"
            value={icon}
            onChange={(event) => setIcon(event.target.value)}
            autoComplete="off"
            helperText={
              <>
                Ou tapez le nom d'une autre icône du{' '}
                <a href={ICON_CATALOGUE} target="_blank" rel="noopener noreferrer">
                  catalogue d'icônes
                </a>
                , par exemple silverware-fork-knife.
              </>
            }
          />
          <Preview aria-hidden>
            <CategoryIcon path={previewPath} size={32} />
            <span>Aperçu</span>
          </Preview>
        </OtherName>
      </Dialog>
      {discard.prompt}
    </>
  )
}
