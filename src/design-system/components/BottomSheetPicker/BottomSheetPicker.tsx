import { useRef, useState, type ReactNode } from 'react'
import styled from 'styled-components'
import { Icon, mdiMenuDown } from '@/src/design-system/icons/index.ts'
import { idleComponent } from '@/src/design-system/lazy/idleComponent.ts'
import { theme } from '@/src/design-system/theme/theme.ts'

export interface PickerOption {
  value: string
  label: string
  /** Shown before the label in the sheet (e.g. a category's icon). */
  icon?: ReactNode
}

// The sheet's code (radix Dialog, its focus scope and layers, scroll locking: about 15 KB compressed) is not
// needed to draw the trigger.
const usePickerSheet = idleComponent(() => import('./PickerSheet.tsx').then((module) => module.PickerSheet))

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  max-width: 100%;
  min-height: 36px;
  padding: 4px 8px 4px 12px;
  border: 1px solid ${theme.colors.inputBorder};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.sm};
  cursor: pointer;
  &[data-active='true'] {
    border-color: ${theme.colors.primary};
    background: ${theme.colors.primaryLight};
    color: ${theme.colors.primaryDark};
  }
  & > span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  & > svg {
    flex: none;
  }
`

export interface BottomSheetPickerProps {
  /** Ce que l’on choisit, par exemple « Ville » : titre de la feuille et partie du nom du bouton. */
  label: string
  /** Les choix proposés, dans l’ordre d’affichage. */
  options: PickerOption[]
  /** Le choix en cours, ou `null` pour l’option par défaut. */
  value: string | null
  /** Appelée avec le nouveau choix (`null` pour l’option par défaut) une fois la feuille fermée. */
  onChange: (value: string | null) => void
  /** L’option « tout » proposée en premier, par exemple « Dans toutes les villes ». */
  defaultOptionLabel: string
  /** Icône au début du bouton : un tracé d’icône ou un élément. */
  icon?: string | ReactNode
  /** Le bouton ne répond plus et paraît estompé. */
  disabled?: boolean
  /** Classe CSS ajoutée au bouton. */
  className?: string
}

/** A compact trigger showing the current choice; opens a bottom sheet listing the options. */
export function BottomSheetPicker({
  label,
  options,
  value,
  onChange,
  defaultOptionLabel,
  icon,
  disabled,
  className,
}: BottomSheetPickerProps) {
  const [open, setOpen] = useState(false)
  const [Sheet, loadSheetNow] = usePickerSheet()
  const picked = useRef<{ value: string | null } | null>(null)
  const current = options.find((option) => option.value === value)
  const currentLabel = current?.label ?? defaultOptionLabel
  const all: { value: string | null; label: string; icon?: ReactNode }[] = [
    { value: null, label: defaultOptionLabel },
    ...options,
  ]
  return (
    <>
      <Trigger
        type="button"
        className={className}
        disabled={disabled}
        aria-haspopup="dialog"
        aria-label={`${label} : ${currentLabel}`}
        data-active={current !== undefined}
        onClick={() => {
          setOpen(true)
          if (!Sheet) loadSheetNow()
        }}
      >
        {typeof icon === 'string' ? <Icon path={icon} size={18} /> : icon}
        <span>{currentLabel}</span>
        <Icon path={mdiMenuDown} size={20} />
      </Trigger>
      {Sheet ? (
        <Sheet
          title={label}
          open={open}
          onOpenChange={(next) => {
            setOpen(next)
            // The choice is reported once the sheet (and its history entry) are gone, so callers may navigate.
            if (!next && picked.current) {
              const choice = picked.current.value
              picked.current = null
              if (choice !== value) onChange(choice)
            }
          }}
          options={all}
          selected={current ? value : null}
          onPick={(choice) => {
            picked.current = { value: choice }
          }}
        />
      ) : null}
    </>
  )
}
