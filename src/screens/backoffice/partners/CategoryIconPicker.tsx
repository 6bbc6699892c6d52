import { useRef, useState, type KeyboardEvent } from 'react'
import styled from 'styled-components'
import { useMdiIconPath } from '@/src/api/icons/index.ts'
import { CategoryIcon } from '@/src/design-system/components/CategoryIcon/index.ts'
import { TextField } from '@/src/design-system/components/TextField/index.ts'
import { Icon, mdiCheck } from '@/src/design-system/icons/index.ts'
import { searchCategoryIcons, type CategoryIconChoice } from './categoryIcons.ts'
import { theme } from '@/src/design-system/theme/index.ts'

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(88px, 1fr));
  gap: ${theme.space[2]}px;
  max-height: 264px;
  overflow-y: auto;
  padding: ${theme.space[1]}px;
  margin-top: ${theme.space[2]}px;
`

const Choice = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.space[1]}px;
  padding: ${theme.space[2]}px ${theme.space[1]}px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.xs};
  text-align: center;
  line-height: ${theme.lineHeights.tight};
  cursor: pointer;
  &:hover {
    background: ${theme.colors.surfaceMuted};
  }
  &:focus-visible {
    outline: 2px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  &[aria-checked='true'] {
    border: 2px solid ${theme.colors.primary};
    background: ${theme.colors.primaryLight};
    color: ${theme.colors.primaryDark};
    font-weight: ${theme.fontWeights.medium};
  }
`

/** A check in the corner: the choice is marked by more than its colour. */
const Checked = styled.span`
  position: absolute;
  top: 2px;
  right: 2px;
  display: flex;
  border-radius: ${theme.radii.round};
  background: ${theme.colors.primary};
  color: ${theme.colors.onPrimary};
`

const Empty = styled.p`
  margin: ${theme.space[3]}px 0;
  color: ${theme.colors.textMuted};
`

function ChoiceIcon({ name }: { name: string }) {
  return <CategoryIcon path={useMdiIconPath(name)} size={28} />
}

export interface CategoryIconPickerProps {
  /** The chosen icon name (may be one typed outside the list). */
  value: string
  onChange: (name: string) => void
}

/**
 * The category icons as a grid to choose from, searchable by French label or icon name. A radio group: one tab
 * stop, arrow keys move through the grid (up and down by a row) choosing as they go, Space or Enter chooses.
 */
export function CategoryIconPicker({ value, onChange }: CategoryIconPickerProps) {
  const [query, setQuery] = useState('')
  const grid = useRef<HTMLDivElement>(null)
  const choices = searchCategoryIcons(query)
  const selectedIndex = choices.findIndex((choice) => choice.name === value.trim())
  // The tab stop: the chosen icon when shown, else the first one.
  const focusIndex = selectedIndex >= 0 ? selectedIndex : 0

  const move = (from: number, to: number) => {
    const radios = grid.current?.querySelectorAll<HTMLElement>('[role="radio"]')
    if (!radios || radios.length === 0) return
    const index = Math.max(0, Math.min(radios.length - 1, to))
    if (index === from) return
    radios[index].focus()
    radios[index].scrollIntoView?.({ block: 'nearest' })
    onChange(choices[index].name)
  }

  /** Choices on one row, read from the layout (the grid's columns follow the dialog's width). */
  const columns = () => {
    const radios = grid.current?.querySelectorAll<HTMLElement>('[role="radio"]')
    if (!radios || radios.length === 0) return 1
    const top = radios[0].offsetTop
    let count = 0
    while (count < radios.length && radios[count].offsetTop === top) count += 1
    return Math.max(1, count)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, index: number, choice: CategoryIconChoice) => {
    switch (event.key) {
      case 'ArrowRight':
        move(index, index + 1)
        break
      case 'ArrowLeft':
        move(index, index - 1)
        break
      case 'ArrowDown':
        move(index, index + columns())
        break
      case 'ArrowUp':
        move(index, index - columns())
        break
      case 'Home':
        move(index, 0)
        break
      case 'End':
        move(index, choices.length - 1)
        break
      case ' ':
      case 'Enter':
        onChange(choice.name)
        break
      default:
        return
    }
    // Arrows would scroll the grid, Space the page, Enter would submit the dialog's form.
    event.preventDefault()
  }

  return (
    <div>
      <TextField
        label="Rechercher une icône"
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        autoComplete="off"
        helperText={`${choices.length} icône${choices.length > 1 ? 's' : ''}`}
      />
      {choices.length === 0 ? (
        <Empty role="status">Aucune icône ne correspond à cette recherche.</Empty>
      ) : (
        <Grid ref={grid} role="radiogroup" aria-label="Icônes">
          {choices.map((choice, index) => {
            const checked = index === selectedIndex
            return (
              <Choice
                key={choice.name}
                role="radio"
                aria-checked={checked}
                tabIndex={index === focusIndex ? 0 : -1}
                title={choice.name}
                onClick={() => onChange(choice.name)}
                onKeyDown={(event) => onKeyDown(event, index, choice)}
              >
                {checked && (
                  <Checked aria-hidden>
                    <Icon path={mdiCheck} size={14} />
                  </Checked>
                )}
                <ChoiceIcon name={choice.name} />
                <span>{choice.label}</span>
              </Choice>
            )
          })}
        </Grid>
      )}
    </div>
  )
}
