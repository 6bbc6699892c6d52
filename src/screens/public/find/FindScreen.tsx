import { useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Virtuoso } from 'react-virtuoso'
import styled from 'styled-components'
import type { PartnerSearchResult } from '@/contract/schemas.ts'
import { usePartnerSearch, type PartnerSearchCriteria } from '@/src/api/partners/searchPartners.ts'
import { useCategories } from '@/src/api/partners/getCategories.ts'
import { useCities } from '@/src/api/partners/getCities.ts'
import {
  BottomSheetPicker,
  type BottomSheetPickerProps,
} from '@/src/design-system/components/BottomSheetPicker/index.ts'
import { EmptyState, ErrorState } from '@/src/design-system/components/EmptyState/index.ts'
import { PlainIconButton } from '@/src/design-system/components/IconButton/PlainIconButton.tsx'
import { LoadingBar } from '@/src/design-system/components/LoadingBar/index.ts'
import { SkeletonRows } from '@/src/design-system/components/SkeletonRows/index.ts'
import { TextField } from '@/src/design-system/components/TextField/index.ts'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { CategoryIcon } from '@/src/design-system/components/CategoryIcon/index.ts'
import {
  Icon,
  mdiArrowLeft,
  mdiClose,
  mdiFilterRemove,
  mdiMagnify,
  mdiMapMarker,
  mdiShapeOutline,
} from '@/src/design-system/icons/index.ts'
import { VisuallyHidden } from '@/src/design-system/components/VisuallyHidden/index.ts'
import { useUserLocation } from '@/src/location/index.ts'
import { useGoBack } from '@/src/navigation/index.ts'
import { useSession } from '@/src/session/index.ts'
import { useDebouncedValue } from '../useDebouncedValue.ts'
import { FavoriteButton } from '../favorites/FavoriteButton.tsx'
import { PARTNER_ROW_HEIGHT, PartnerRow } from './PartnerRow.tsx'
import { PAGE_TITLES, usePageTitle } from '@/src/pageTitle/index.ts'
import { releasePageRows } from '@/src/prerender/pageRows.ts'

export const EMPTY_MESSAGE = "Aucun résultat essayez avec d'autres critères!"
export const ERROR_MESSAGE = 'Oups... Nous ne parvenons pas à récupérer les résultats'
export const SEARCH_DEBOUNCE_MS = 300
export const RESET_FILTERS_LABEL = 'Réinitialiser les filtres'

const favoriteButtonFor = (partner: PartnerSearchResult) => <FavoriteButton partner={partner} />

/** The rows of a phone's screen and the list's margin below it (PARTNER_ROW_HEIGHT each, or taller). */
const FIRST_RENDERED_ROWS = 8

const releaseOnFirstRows = (items: readonly unknown[]) => {
  if (items.length > 0) releasePageRows()
}

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndices.appBar};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows[1]};
`

const SearchRow = styled.div`
  display: flex;
  align-items: center;
  gap: 4px;
  padding: 8px 12px 4px 4px;
`

const Pickers = styled.div`
  display: flex;
  gap: 8px;
  padding: 4px 12px 8px;
  overflow-x: auto;
  scrollbar-width: none;
`

/*
 * A picker and, while it filters, its × right beside it. The ×'s name does not contain the picker's own
 * ('Ville : Lyon'), so neither is mistaken for the other by name.
 */
const Filter = styled.span`
  display: inline-flex;
  align-items: center;
  flex: none;
  gap: 2px;
`

/** A filter's picker and, while the filter is set, the button that clears it (`clearLabel` names it). */
function ClearableFilter({
  clearLabel,
  onChange,
  ...picker
}: BottomSheetPickerProps & { clearLabel: string | null }) {
  return (
    <Filter>
      <BottomSheetPicker {...picker} onChange={onChange} />
      {clearLabel !== null ? (
        <PlainIconButton size="small" label={clearLabel} icon={mdiClose} onClick={() => onChange(null)} />
      ) : null}
    </Filter>
  )
}

const Main = styled.main`
  min-height: 100%;
  background: ${({ theme }) => theme.colors.surface};
`

export function FindScreen() {
  usePageTitle(PAGE_TITLES.find)
  const goBack = useGoBack()
  const [searchParams, setSearchParams] = useSearchParams()
  const { user } = useSession()
  const { position, city: userCity } = useUserLocation()
  const categories = useCategories()
  const cities = useCities()

  const categoryId = searchParams.get('c')
  const city = searchParams.get('v')
  const [name, setName] = useState('')
  const debouncedName = useDebouncedValue(name.trim(), SEARCH_DEBOUNCE_MS)

  // The user's own city preselects the city picker once, when the link did not choose one (spec section 8).
  const preselected = useRef(searchParams.has('v'))
  useEffect(() => {
    if (preselected.current || !userCity || !cities.data) return
    preselected.current = true
    if (!cities.data.includes(userCity.cityName)) return
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.set('v', userCity.cityName)
        return next
      },
      { replace: true },
    )
  }, [userCity, cities.data, setSearchParams])

  const setParam = (key: 'c' | 'v', value: string | null) => {
    preselected.current = true
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (value === null) next.delete(key)
        else next.set(key, value)
        return next
      },
      { replace: true },
    )
  }

  const criteria = useMemo<PartnerSearchCriteria>(
    () => ({
      name: debouncedName || undefined,
      categoryId: categoryId ? Number(categoryId) : undefined,
      city: city ?? undefined,
      userPosition: position ? `${position.lat},${position.lng}` : undefined,
      userId: user?.userId.id,
    }),
    [debouncedName, categoryId, city, position, user],
  )
  const categoryOptions = useMemo(
    () =>
      (categories.data ?? []).map((c) => ({
        value: String(c.id),
        label: c.label,
        // As on Home's chips.
        icon: <CategoryIcon path={c.iconPath} size={20} />,
      })),
    [categories.data],
  )
  const search = usePartnerSearch(criteria)
  // The rows the HTML drew (src/prerender/pageRows.ts) are the first criteria's: another search, or anything but
  // the list and its skeleton, replaces them at once; the list's own rows replace them once drawn.
  const firstCriteria = useRef(JSON.stringify(criteria))
  const showsSkeletonOrList =
    search.isLoadingFirstPage || !(search.isEmpty || (search.error && search.partners.length === 0))
  useLayoutEffect(() => {
    if (!showsSkeletonOrList || JSON.stringify(criteria) !== firstCriteria.current) releasePageRows()
  }, [showsSkeletonOrList, criteria])
  const filtered = name.trim() !== '' || categoryId !== null || city !== null
  const resetFilters = () => {
    preselected.current = true
    setName('')
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete('c')
        next.delete('v')
        return next
      },
      { replace: true },
    )
  }
  const categoryLabel = categoryOptions.find((option) => option.value === categoryId)?.label

  const cityOptions = useMemo(() => (cities.data ?? []).map((c) => ({ value: c, label: c })), [cities.data])

  // A first page's rows are rendered in a transition: React renders them in slices between which the phone
  // stays responsive, where an urgent render would be one long task (≈ 0.1-0.3 s at 4× CPU). The skeleton, or
  // the rows the HTML drew over it, stay on screen until then.
  const firstPageRendered = useDeferredValue(!search.isLoadingFirstPage, false)
  let content
  if (search.error && search.partners.length === 0) {
    content = <ErrorState message={ERROR_MESSAGE} onRetry={search.retry} retrying={search.isValidating} />
  } else if (search.isLoadingFirstPage || !firstPageRendered) {
    content = <SkeletonRows rows={10} lines={3} withMedia rowHeight={96} label="Chargement des partenaires" />
  } else if (search.isEmpty) {
    content = (
      <EmptyState
        message={EMPTY_MESSAGE}
        action={
          filtered ? (
            <Button
              variant="outlined"
              startIcon={<Icon path={mdiFilterRemove} size={20} />}
              onClick={resetFilters}
            >
              {RESET_FILTERS_LABEL}
            </Button>
          ) : null
        }
      />
    )
  } else {
    content = (
      <Virtuoso
        useWindowScroll
        data={search.partners}
        computeItemKey={(_, partner) => partner.partnerId.id}
        // Rendered by the transition's own slices, not by a synchronous pass after the list has measured itself.
        initialItemCount={Math.min(search.partners.length, FIRST_RENDERED_ROWS)}
        itemsRendered={releaseOnFirstRows}
        itemContent={(_, partner) => <PartnerRow partner={partner} actionFor={favoriteButtonFor} />}
        endReached={() => {
          if (search.hasMore && !search.isLoadingMore && !search.isValidating) void search.loadMore()
        }}
        // A measured row height: the first pass renders enough rows without a second measuring pass.
        defaultItemHeight={PARTNER_ROW_HEIGHT}
        increaseViewportBy={400}
        context={{ loadingMore: search.isLoadingMore, error: search.error, retry: search.retry }}
        components={listComponents}
      />
    )
  }

  return (
    <Main>
      <VisuallyHidden as="h1">Rechercher un partenaire</VisuallyHidden>
      <Header>
        <SearchRow>
          <PlainIconButton label="Retour" icon={mdiArrowLeft} onClick={goBack} />
          <TextField
            type="search"
            shape="pill"
            aria-label="Rechercher un partenaire"
            placeholder="Rechercher un partenaire"
            leadingIcon={mdiMagnify}
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoComplete="off"
            enterKeyHint="search"
          />
        </SearchRow>
        <Pickers>
          <ClearableFilter
            label="Ville"
            icon={mdiMapMarker}
            options={cityOptions}
            value={city}
            defaultOptionLabel="Dans toutes les villes"
            clearLabel={city !== null ? `Retirer le filtre ville « ${city} »` : null}
            onChange={(value) => setParam('v', value)}
          />
          <ClearableFilter
            label="Catégorie"
            icon={mdiShapeOutline}
            options={categoryOptions}
            value={categoryId}
            defaultOptionLabel="Toutes les catégories"
            clearLabel={
              categoryId !== null && categoryLabel ? `Retirer le filtre catégorie « ${categoryLabel} »` : null
            }
            onChange={(value) => setParam('c', value)}
          />
        </Pickers>
        <LoadingBar active={search.isValidating} label="Chargement des partenaires" />
      </Header>
      {content}
    </Main>
  )
}

interface ListContext {
  loadingMore: boolean
  error?: Error
  retry: () => void
}

function ListFooter({ context: { loadingMore, error, retry } }: { context: ListContext }) {
  if (error) return <ErrorState message={ERROR_MESSAGE} onRetry={retry} />
  if (loadingMore)
    return <SkeletonRows rows={1} lines={3} withMedia rowHeight={96} label="Chargement de la suite" />
  return null
}

const listComponents = { Footer: ListFooter }

export default FindScreen
