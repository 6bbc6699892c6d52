import { useCallback } from 'react'
import { SearchCombobox } from '@/src/design-system/components/SearchCombobox/index.ts'
import { mdiMagnify } from '@/src/design-system/icons/index.ts'
import type { MapsService, PlaceDetails, Suggestion } from '@/src/maps/index.ts'

export interface PlaceSearchProps {
  /** The maps service's place search; null while it loads or when it is unavailable (the box is disabled). */
  service: Pick<MapsService, 'searchPlaces' | 'getPlace'> | null
  /** Why the search is unavailable, shown under the box. */
  unavailableText?: string
  onPlace: (place: PlaceDetails) => void
}

const suggestionLabel = (suggestion: Suggestion) => suggestion.label
const suggestionKey = (suggestion: Suggestion) => suggestion.placeId
const suggestionAddress = (suggestion: Suggestion) => suggestion.secondary
const noPlaces = async () => []

/**
 * 'Rechercher un partenaire sur google': an establishment search (the service restricts it to France) whose
 * chosen place pre-fills the partner form. Errors are only logged (spec): the admin can still type by hand.
 */
export function PlaceSearch({ service, unavailableText, onPlace }: PlaceSearchProps) {
  const searchPlaces = useCallback((query: string) => service?.searchPlaces(query) ?? noPlaces(), [service])
  return (
    <SearchCombobox<Suggestion>
      label="Rechercher un partenaire sur google"
      type="search"
      listLabel="Lieux trouvés"
      leadingIcon={mdiMagnify}
      disabled={!service}
      helperText={service ? undefined : unavailableText}
      loadOptions={searchPlaces}
      debounceMs={300}
      onLoadError={(error) => console.warn('Recherche Google impossible', error)}
      noOptionsText="Aucun lieu trouvé"
      getOptionLabel={suggestionLabel}
      getOptionKey={suggestionKey}
      getOptionDescription={suggestionAddress}
      onChange={async (suggestion) => {
        if (!service) return
        try {
          onPlace(await service.getPlace(suggestion.placeId))
        } catch (error) {
          console.warn('Détails du lieu indisponibles', error)
        }
      }}
    />
  )
}
