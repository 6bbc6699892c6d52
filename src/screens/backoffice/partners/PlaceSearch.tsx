import { useEffect, useId, useState } from 'react'
import styled from 'styled-components'
import { TextField } from '../../../design-system/components/TextField/index.ts'
import { Spinner } from '../../../design-system/components/Spinner/index.ts'
import { mdiMagnify } from '../../../design-system/icons/index.ts'
import type { MapsService, PlaceDetails, Suggestion } from '../../../maps/index.ts'

const Anchor = styled.div`
  position: relative;
`

const List = styled.ul`
  position: absolute;
  z-index: 10;
  top: calc(100% + 4px);
  left: 0;
  right: 0;
  margin: 0;
  padding: 4px 0;
  list-style: none;
  max-height: 320px;
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows[2]};
`

const Option = styled.li`
  display: flex;
  flex-direction: column;
  padding: 8px 12px;
  cursor: pointer;
  &[data-active='true'],
  &:hover {
    background: ${({ theme }) => theme.colors.primaryLight};
  }
  & > span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`

const DEBOUNCE_MS = 300

export interface PlaceSearchProps {
  /** The maps service's place search; null while it loads or when it is unavailable (the box is disabled). */
  service: Pick<MapsService, 'searchPlaces' | 'getPlace'> | null
  /** Why the search is unavailable, shown under the box. */
  unavailableText?: string
  onPlace: (place: PlaceDetails) => void
}

/**
 * 'Rechercher un partenaire sur google': an establishment search (the service restricts it to France) whose
 * chosen place pre-fills the partner form. Errors are only logged (spec): the admin can still type by hand.
 */
export function PlaceSearch({ service, unavailableText, onPlace }: PlaceSearchProps) {
  const listId = useId()
  const [text, setText] = useState('')
  const [suggestions, setSuggestions] = useState<Suggestion[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    const query = text.trim()
    if (!service || !query) return
    let current = true
    const timer = setTimeout(() => {
      service.searchPlaces(query).then(
        (found) => {
          if (!current) return
          setSuggestions(found)
          setActive(-1)
        },
        (error: unknown) => console.warn('Recherche Google impossible', error),
      )
    }, DEBOUNCE_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [service, text])

  const choose = async (suggestion: Suggestion) => {
    if (!service) return
    setOpen(false)
    setText(suggestion.label)
    setBusy(true)
    try {
      onPlace(await service.getPlace(suggestion.placeId))
    } catch (error) {
      console.warn('Détails du lieu indisponibles', error)
    } finally {
      setBusy(false)
    }
  }

  // Suggestions of an earlier text stay in state; an emptied box shows none.
  const shown = text.trim() ? suggestions : []
  const showList = open && shown.length > 0
  const optionId = (index: number) => `${listId}-${index}`
  return (
    <Anchor>
      <TextField
        label="Rechercher un partenaire sur google"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={showList ? listId : undefined}
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        leadingIcon={mdiMagnify}
        trailing={busy ? <Spinner size={18} /> : undefined}
        disabled={!service}
        helperText={service ? undefined : unavailableText}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setOpen(true)
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (!showList) return
          if (event.key === 'ArrowDown') {
            event.preventDefault()
            setActive((index) => (index + 1) % shown.length)
          } else if (event.key === 'ArrowUp') {
            event.preventDefault()
            setActive((index) => (index <= 0 ? shown.length - 1 : index - 1))
          } else if (event.key === 'Enter' && active >= 0) {
            // Picking a place must not submit the partner form.
            event.preventDefault()
            void choose(shown[active])
          } else if (event.key === 'Escape') {
            setOpen(false)
          }
        }}
      />
      {showList ? (
        <List id={listId} role="listbox" aria-label="Lieux trouvés">
          {shown.map((suggestion, index) => (
            <Option
              key={suggestion.placeId}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              data-active={index === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => void choose(suggestion)}
            >
              {suggestion.label}
              <span>{suggestion.secondary}</span>
            </Option>
          ))}
        </List>
      ) : null}
    </Anchor>
  )
}
