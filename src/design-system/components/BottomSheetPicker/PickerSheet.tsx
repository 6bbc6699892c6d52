import type { ReactNode } from 'react'
import styled from 'styled-components'
import { unstyledList } from '@/src/design-system/theme/mixins.ts'
import { Icon, mdiCheck } from '@/src/design-system/icons/index.ts'
import { BottomSheet, BottomSheetClose } from '../BottomSheet/index.ts'
import { theme } from '@/src/design-system/theme/theme.ts'

const List = styled.ul`
  ${unstyledList}
`

const OptionLabel = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 12px;
  min-width: 0;
  & > svg {
    flex: none;
    color: ${theme.colors.textMuted};
  }
`

const Option = styled.button`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  width: 100%;
  min-height: 48px;
  padding: 8px 16px;
  border: 0;
  border-bottom: 1px solid ${theme.colors.divider};
  background: transparent;
  color: ${theme.colors.text};
  text-align: left;
  cursor: pointer;
  &:hover {
    background: ${theme.colors.surfaceMuted};
  }
  &[aria-current='true'] {
    color: ${theme.colors.primaryDark};
    font-weight: ${theme.fontWeights.medium};
  }
  &:focus-visible {
    outline-offset: -2px;
  }
`

export interface PickerSheetProps {
  /** Titre de la feuille : le libellé du choix. */
  title: string
  /** La feuille est ouverte. */
  open: boolean
  /** Appelée quand la feuille s’ouvre ou se ferme. */
  onOpenChange: (open: boolean) => void
  /** Tous les choix, celui par défaut (valeur `null`) en premier. */
  options: { value: string | null; label: string; icon?: ReactNode }[]
  /** Le choix montré comme en cours. */
  selected: string | null
  /** Appelée quand un choix est touché, avant que la feuille se ferme. */
  onPick: (value: string | null) => void
}

/** BottomSheetPicker's sheet: the options, each closing the sheet (through the history, like back). */
export function PickerSheet({ title, open, onOpenChange, options, selected, onPick }: PickerSheetProps) {
  return (
    <BottomSheet open={open} title={title} flush onOpenChange={onOpenChange}>
      <List>
        {options.map((option) => {
          const current = option.value === selected
          return (
            <li key={option.value ?? ''}>
              <BottomSheetClose asChild>
                <Option
                  type="button"
                  aria-current={current || undefined}
                  onClick={() => onPick(option.value)}
                >
                  <OptionLabel>
                    {option.icon}
                    <span>{option.label}</span>
                  </OptionLabel>
                  {current ? <Icon path={mdiCheck} size={20} /> : null}
                </Option>
              </BottomSheetClose>
            </li>
          )
        })}
      </List>
    </BottomSheet>
  )
}
