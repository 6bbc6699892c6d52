import { useCallback } from 'react'
import { SearchCombobox } from '@/src/design-system/components/SearchCombobox/index.ts'
import { mdiMagnify } from '@/src/design-system/icons/index.ts'
import type { CityPlace, MapsService, Suggestion } from '@/src/maps/index.ts'

export interface CitySearchProps {
  service: MapsService
  onPick: (city: CityPlace) => void
}

const suggestionLabel = (suggestion: Suggestion) => suggestion.label
const suggestionKey = (suggestion: Suggestion) => suggestion.placeId
const suggestionRegion = (suggestion: Suggestion) => suggestion.secondary

/** 'Rechercher une ville': a search over the maps service, French cities only. Errors are only logged. */
export function CitySearch({ service, onPick }: CitySearchProps) {
  const searchCities = useCallback((query: string) => service.searchCities(query), [service])
  return (
    <SearchCombobox<Suggestion>
      label="Rechercher une ville"
      hideLabel
      placeholder="Rechercher une ville"
      listLabel="Villes"
      shape="pill"
      leadingIcon={mdiMagnify}
      loadOptions={searchCities}
      onLoadError={(error) => console.warn('Recherche de ville impossible', error)}
      noOptionsText="Aucune ville trouvée"
      getOptionLabel={suggestionLabel}
      getOptionKey={suggestionKey}
      getOptionDescription={suggestionRegion}
      onChange={async (suggestion) => {
        try {
          onPick(await service.getCity(suggestion.placeId))
        } catch (error) {
          console.warn('Ville introuvable', error)
        }
      }}
    />
  )
}
