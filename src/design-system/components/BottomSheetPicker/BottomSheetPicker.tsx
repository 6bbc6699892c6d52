import { useRef, useState, type ReactNode } from 'react'
import styled from 'styled-components'
import { unstyledList } from '@/src/design-system/theme/mixins.ts'
import { Icon, mdiCheck, mdiMenuDown } from '@/src/design-system/icons/index.ts'
import { BottomSheet, BottomSheetClose } from '../BottomSheet/index.ts'

export interface PickerOption {
  value: string
  label: string
  /** Shown before the label in the sheet (e.g. a category's icon). */
  icon?: ReactNode
}

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  max-width: 100%;
  min-height: 36px;
  padding: 4px 8px 4px 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  cursor: pointer;
  &[data-active='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primaryLight};
    color: ${({ theme }) => theme.colors.primaryDark};
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
    color: ${({ theme }) => theme.colors.textMuted};
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
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  text-align: left;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  &[aria-current='true'] {
    color: ${({ theme }) => theme.colors.primaryDark};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }
  &:focus-visible {
    outline-offset: -2px;
  }
`

export interface BottomSheetPickerProps {
  /** What is picked, e.g. 'Ville'; the sheet's title and part of the trigger's accessible name. */
  label: string
  options: PickerOption[]
  /** The chosen value, or null for the default option. */
  value: string | null
  /** Called with the new value (null for the default option) after the sheet has closed. */
  onChange: (value: string | null) => void
  /** The "everything" option shown first, e.g. 'Dans toutes les villes' or 'Toutes les catégories'. */
  defaultOptionLabel: string
  /** Leading icon on the trigger: an MDI path or a node. */
  icon?: string | ReactNode
  disabled?: boolean
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
        onClick={() => setOpen(true)}
      >
        {typeof icon === 'string' ? <Icon path={icon} size={18} /> : icon}
        <span>{currentLabel}</span>
        <Icon path={mdiMenuDown} size={20} />
      </Trigger>
      <BottomSheet
        open={open}
        title={label}
        flush
        onOpenChange={(next) => {
          setOpen(next)
          // The choice is reported once the sheet (and its history entry) are gone, so callers may navigate.
          if (!next && picked.current) {
            const choice = picked.current.value
            picked.current = null
            if (choice !== value) onChange(choice)
          }
        }}
      >
        <List>
          {all.map((option) => {
            const selected = option.value === (current ? value : null)
            return (
              <li key={option.value ?? ''}>
                <BottomSheetClose asChild>
                  <Option
                    type="button"
                    aria-current={selected || undefined}
                    onClick={() => {
                      picked.current = { value: option.value }
                    }}
                  >
                    <OptionLabel>
                      {option.icon}
                      <span>{option.label}</span>
                    </OptionLabel>
                    {selected ? <Icon path={mdiCheck} size={20} /> : null}
                  </Option>
                </BottomSheetClose>
              </li>
            )
          })}
        </List>
      </BottomSheet>
    </>
  )
}
