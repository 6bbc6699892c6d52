import { useEffect, useId, useState } from 'react'
import styled from 'styled-components'
import { TextField } from '../../../design-system/components/TextField/index.ts'
import { mdiMagnify } from '../../../design-system/icons/index.ts'
import type { CityPlace, MapsService, Suggestion } from '../../../maps/index.ts'
import { useDebouncedValue } from '../useDebouncedValue.ts'

const Root = styled.div`
  position: relative;
`

const Options = styled.ul`
  position: absolute;
  top: calc(100% + 4px);
  left: 0;
  right: 0;
  z-index: 3;
  margin: 0;
  padding: 4px 0;
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows[3]};
`

const Option = styled.li`
  display: flex;
  flex-direction: column;
  padding: 10px 16px;
  cursor: pointer;
  &[aria-selected='true'],
  &:hover {
    background: ${({ theme }) => theme.colors.primaryLight};
  }
  & > small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`

export interface CitySearchProps {
  service: MapsService
  onPick: (city: CityPlace) => void
}

/** 'Rechercher une ville': autocomplete over the maps service, French cities only. */
export function CitySearch({ service, onPick }: CitySearchProps) {
  const listId = useId()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [suggestions, setSuggestions] = useState<Suggestion[]>([])
  const [active, setActive] = useState(-1)
  const query = useDebouncedValue(text.trim(), 250)

  useEffect(() => {
    if (!query) return
    let current = true
    service.searchCities(query).then(
      (found) => {
        if (!current) return
        setSuggestions(found)
        setActive(-1)
      },
      (error: unknown) => console.warn('Recherche de ville impossible', error),
    )
    return () => {
      current = false
    }
  }, [query, service])

  const pick = async (suggestion: Suggestion) => {
    setText(suggestion.label)
    setOpen(false)
    try {
      onPick(await service.getCity(suggestion.placeId))
    } catch (error) {
      console.warn('Ville introuvable', error)
    }
  }

  const visible = open && query.length > 0 && suggestions.length > 0
  return (
    <Root>
      <TextField
        role="combobox"
        aria-label="Rechercher une ville"
        placeholder="Rechercher une ville"
        aria-expanded={visible}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={visible && active >= 0 ? `${listId}-${active}` : undefined}
        shape="pill"
        leadingIcon={mdiMagnify}
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setOpen(true)
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (!visible) return
          if (event.key === 'ArrowDown') setActive((i) => Math.min(suggestions.length - 1, i + 1))
          else if (event.key === 'ArrowUp') setActive((i) => Math.max(0, i - 1))
          else if (event.key === 'Enter' && active >= 0) void pick(suggestions[active])
          else if (event.key === 'Escape') setOpen(false)
          else return
          event.preventDefault()
        }}
      />
      <Options id={listId} role="listbox" aria-label="Villes" hidden={!visible}>
        {suggestions.map((suggestion, index) => (
          <Option
            key={suggestion.placeId}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // Before the input's blur closes the list.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => void pick(suggestion)}
          >
            {suggestion.label}
            <small>{suggestion.secondary}</small>
          </Option>
        ))}
      </Options>
    </Root>
  )
}
