import { useId, useMemo, useRef, useState, type ReactNode } from 'react'
import styled from 'styled-components'
import { Icon, mdiClose, mdiPlus } from '../../icons/index.ts'
import { Chip } from '../Chip/index.ts'
import { normalizeSearch } from '../DataTable/DataTable.tsx'
import { FieldLabel, FieldRoot, HelperText } from '../TextField/index.ts'

const Box = styled.div`
  position: relative;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  min-height: 44px;
  padding: 5px 40px 5px 8px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  cursor: text;
  &:focus-within {
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: 0 0 0 1px ${({ theme }) => theme.colors.primary};
  }
  &[data-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
  &[data-disabled='true'] {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    cursor: not-allowed;
  }
`

const Input = styled.input`
  flex: 1 1 120px;
  min-width: 80px;
  padding: 6px 4px;
  border: 0;
  outline: none;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
    opacity: 1;
  }
  &:focus-visible {
    outline: none;
  }
`

const ClearButton = styled.button`
  position: absolute;
  top: 6px;
  right: 4px;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 32px;
  height: 32px;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`

const Popup = styled.ul`
  position: absolute;
  top: calc(100% + 4px);
  left: 0;
  right: 0;
  z-index: ${({ theme }) => theme.zIndices.tooltip};
  max-height: 280px;
  margin: 0;
  padding: 4px 0;
  overflow-y: auto;
  list-style: none;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows[3]};
`

const Option = styled.li`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 40px;
  padding: 8px 12px;
  cursor: pointer;
  &[data-active='true'] {
    background: ${({ theme }) => theme.colors.primaryLight};
  }
  & > svg {
    flex: none;
  }
`

const NoOption = styled.p`
  position: absolute;
  top: calc(100% + 4px);
  left: 0;
  right: 0;
  z-index: ${({ theme }) => theme.zIndices.tooltip};
  margin: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows[3]};
  padding: 8px 12px;
  color: ${({ theme }) => theme.colors.textMuted};
`

const Anchor = styled.div`
  position: relative;
`

export interface AutocompleteProps<T> {
  label: ReactNode
  /** All the choices. */
  options: T[]
  /** The chosen items (shown as chips). */
  value: T[]
  onChange: (value: T[]) => void
  getOptionLabel: (option: T) => string
  /** Stable key; default the label. */
  getOptionKey?: (option: T) => string
  /** Icon shown in the chip and the list (e.g. a CategoryIcon). */
  renderOptionIcon?: (option: T) => ReactNode
  /**
   * A typed text that matches no option becomes a new item: Enter (or the 'Créer …' option) calls onCreate with
   * the text; the caller adds the new item to `value` (possibly after asking for more, like an icon).
   */
  onCreate?: (text: string) => void
  placeholder?: string
  error?: string | null
  helperText?: ReactNode
  disabled?: boolean
  /** Shown when nothing matches and nothing can be created. */
  noOptionsText?: string
  onBlur?: () => void
  id?: string
  className?: string
}

/**
 * A multi-select combobox with chips: type to filter, arrows + Enter to pick, Backspace removes the last chip,
 * each chip closable, 'Tout effacer' clears; with onCreate, free text becomes a new item.
 */
export function Autocomplete<T>({
  label,
  options,
  value,
  onChange,
  getOptionLabel,
  getOptionKey = getOptionLabel,
  renderOptionIcon,
  onCreate,
  placeholder,
  error,
  helperText,
  disabled = false,
  noOptionsText = 'Aucune option',
  onBlur,
  id,
  className,
}: AutocompleteProps<T>) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  const listId = `${inputId}-list`
  const helpId = `${inputId}-help`
  const input = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  // -1: nothing highlighted, so Enter takes the typed text as it is (a new item when onCreate is given).
  const [active, setActive] = useState(-1)

  const chosenKeys = useMemo(() => new Set(value.map(getOptionKey)), [value, getOptionKey])
  const query = normalizeSearch(text.trim())
  const available = useMemo(
    () =>
      options.filter(
        (option) =>
          !chosenKeys.has(getOptionKey(option)) && normalizeSearch(getOptionLabel(option)).includes(query),
      ),
    [options, chosenKeys, getOptionKey, getOptionLabel, query],
  )
  const exact = options.some((option) => normalizeSearch(getOptionLabel(option)) === query)
  const canCreate = Boolean(onCreate) && query.length > 0 && !exact
  const itemCount = available.length + (canCreate ? 1 : 0)
  const activeIndex = Math.min(active, itemCount - 1)
  const expanded = open && !disabled
  const showList = expanded && itemCount > 0
  const optionId = (i: number) => `${inputId}-option-${i}`

  const pick = (option: T) => {
    onChange([...value, option])
    setText('')
    setActive(-1)
    input.current?.focus()
  }
  const create = () => {
    const label = text.trim()
    if (!label || !onCreate) return
    onCreate(label)
    setText('')
    setActive(-1)
  }
  const choose = (index: number) => {
    if (index < available.length) pick(available[index])
    else if (canCreate) create()
  }
  const remove = (option: T) => {
    const key = getOptionKey(option)
    onChange(value.filter((item) => getOptionKey(item) !== key))
    input.current?.focus()
  }

  const help = error || helperText
  return (
    <FieldRoot className={className}>
      <FieldLabel htmlFor={inputId}>{label}</FieldLabel>
      <Anchor>
        <Box
          data-invalid={Boolean(error)}
          data-disabled={disabled}
          onMouseDown={(event) => {
            // A click on the empty part of the box focuses the input rather than blurring it.
            if (event.target === event.currentTarget) {
              event.preventDefault()
              input.current?.focus()
            }
          }}
        >
          {value.map((item) => (
            <Chip
              key={getOptionKey(item)}
              size="small"
              variant="primary"
              label={getOptionLabel(item)}
              icon={renderOptionIcon?.(item)}
              disabled={disabled}
              onDelete={() => remove(item)}
            />
          ))}
          <Input
            ref={input}
            id={inputId}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={showList ? listId : undefined}
            aria-activedescendant={showList && activeIndex >= 0 ? optionId(activeIndex) : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={help ? helpId : undefined}
            autoComplete="off"
            placeholder={value.length === 0 ? placeholder : undefined}
            disabled={disabled}
            value={text}
            onChange={(event) => {
              setText(event.target.value)
              setActive(-1)
              setOpen(true)
            }}
            onFocus={() => setOpen(true)}
            onClick={() => setOpen(true)}
            onBlur={() => {
              setOpen(false)
              onBlur?.()
            }}
            onKeyDown={(event) => {
              switch (event.key) {
                case 'ArrowDown':
                  event.preventDefault()
                  if (!expanded) setOpen(true)
                  else setActive(itemCount ? (activeIndex + 1) % itemCount : -1)
                  break
                case 'ArrowUp':
                  event.preventDefault()
                  setOpen(true)
                  setActive(itemCount ? (activeIndex <= 0 ? itemCount - 1 : activeIndex - 1) : -1)
                  break
                case 'Enter': {
                  const exactOption = available.find(
                    (option) => normalizeSearch(getOptionLabel(option)) === query,
                  )
                  if (showList && activeIndex >= 0) choose(activeIndex)
                  else if (exactOption && query) pick(exactOption)
                  else if (canCreate) create()
                  else if (!onCreate && query && available.length > 0) pick(available[0])
                  else break
                  // Never submit the surrounding form while picking.
                  event.preventDefault()
                  break
                }
                case 'Escape':
                  if (expanded) {
                    event.preventDefault()
                    event.stopPropagation()
                    setOpen(false)
                  }
                  break
                case 'Backspace':
                  if (text === '' && value.length > 0) remove(value[value.length - 1])
                  break
              }
            }}
          />
          {value.length > 0 && !disabled ? (
            <ClearButton
              type="button"
              aria-label="Tout effacer"
              onClick={() => {
                onChange([])
                input.current?.focus()
              }}
            >
              <Icon path={mdiClose} size={20} />
            </ClearButton>
          ) : null}
        </Box>
        {showList ? (
          <Popup
            id={listId}
            role="listbox"
            aria-label={typeof label === 'string' ? label : undefined}
            aria-multiselectable
          >
            {available.map((option, i) => (
              <Option
                key={getOptionKey(option)}
                id={optionId(i)}
                role="option"
                aria-selected={false}
                data-active={i === activeIndex}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(option)}
              >
                {renderOptionIcon?.(option)}
                {getOptionLabel(option)}
              </Option>
            ))}
            {canCreate ? (
              <Option
                id={optionId(available.length)}
                role="option"
                aria-selected={false}
                data-active={activeIndex === available.length}
                onMouseDown={(event) => event.preventDefault()}
                onClick={create}
              >
                <Icon path={mdiPlus} size={18} />
                Créer « {text.trim()} »
              </Option>
            ) : null}
          </Popup>
        ) : expanded && query ? (
          <NoOption>{noOptionsText}</NoOption>
        ) : null}
      </Anchor>
      {help ? (
        <HelperText id={helpId} data-error={Boolean(error)}>
          {help}
        </HelperText>
      ) : null}
    </FieldRoot>
  )
}
