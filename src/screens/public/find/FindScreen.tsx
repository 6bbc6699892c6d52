import {
  type MouseEvent,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useLocation, useSearchParams } from 'react-router'
import styled from 'styled-components'
import type { PartnerSearchResult } from '@/contract/schemas.ts'
import { SEARCH_NAME_MAX_LENGTH } from '@/contract/searchLimits.ts'
import { usePartnerSearch, type PartnerSearchCriteria } from '@/src/api/partners/searchPartners.ts'
import { useCategories } from '@/src/api/partners/getCategories.ts'
import { useCities } from '@/src/api/partners/getCities.ts'
import {
  BottomSheetPicker,
  type BottomSheetPickerProps,
} from '@/src/design-system/components/BottomSheetPicker/index.ts'
import { EmptyState } from '@/src/design-system/components/EmptyState/index.ts'
import { PlainIconButton } from '@/src/design-system/components/IconButton/PlainIconButton.tsx'
import { LoadingBar } from '@/src/design-system/components/LoadingBar/index.ts'
import { TextField } from '@/src/design-system/components/TextField/index.ts'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { CategoryIcon } from '@/src/design-system/components/CategoryIcon/index.ts'
import { Chip } from '@/src/design-system/components/Chip/index.ts'
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
import { PartnerList, type PartnerListHandle, type PartnerListSizes } from './PartnerList.tsx'
import { PartnerRow, PartnerRowsSkeleton } from './PartnerRow.tsx'
import { SearchFailure } from './SearchFailure.tsx'
import { FILTER_PARAM, FIND_FILTERS, findFilterCriteria, findFilterOf } from './findFilters.ts'
import { useScrollEnds } from './useScrollEnds.ts'
import { useUsedOfferIds } from './useUsedOfferIds.ts'
import { PAGE_TITLES, usePageTitle } from '@/src/pageTitle/index.ts'
import { releasePageRows } from '@/src/prerender/pageRows.ts'
import { theme } from '@/src/design-system/theme/index.ts'

export const EMPTY_MESSAGE = "Aucun résultat essayez avec d'autres critères!"
export const ERROR_MESSAGE = 'Oups... Nous ne parvenons pas à récupérer les résultats'
export const SEARCH_DEBOUNCE_MS = 300
export const RESET_FILTERS_LABEL = 'Réinitialiser les filtres'
/**
 * The typed name's query parameter, beside the spec's c (category) and v (city): written once the user pauses,
 * replacing the history entry, so that Back to Find finds the text again (README, Decisions).
 */
export const NAME_PARAM = 'n'

/**
 * The list as the user left it to open a partner, per history entry (react-router's location key) and only for
 * the same criteria: the rows' measured heights (PartnerList's) and the window's scroll position.
 * Back to that entry puts the list where it was, once; the map keeps the page's last few.
 */
interface LeftList {
  criteria: string
  sizes: PartnerListSizes
  scrollY: number
  /** The row pressed (its data-index in PartnerList) and its distance from the window's top. */
  anchor: { index: number; top: number } | null
}
const leftLists = new Map<string, LeftList>()
const LEFT_LISTS_KEPT = 20

function rememberLeftList(key: string, left: LeftList) {
  leftLists.delete(key)
  leftLists.set(key, left)
  for (const old of leftLists.keys()) {
    if (leftLists.size <= LEFT_LISTS_KEPT) break
    leftLists.delete(old)
  }
}

const favoriteButtonFor = (partner: PartnerSearchResult) => <FavoriteButton partner={partner} />

/**
 * Back from a partner, the row the user pressed is put where it was, frame after frame while the rows around it
 * are measured: the kept heights are those of the rows that had been drawn, the others start from
 * PARTNER_ROW_HEIGHT and, once drawn taller, would push the row down by as much. Ends once the row stays put
 * (three frames), after a second, or at the user's first touch, wheel or key.
 */
function keepRowInPlace(list: HTMLElement, anchor: { index: number; top: number }) {
  let frames = 0
  let still = 0
  let stopped = false
  const inputs = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const
  const stop = () => {
    stopped = true
    for (const type of inputs) window.removeEventListener(type, stop, true)
  }
  for (const type of inputs) window.addEventListener(type, stop, { capture: true, passive: true })
  const step = () => {
    if (stopped) return
    if (frames++ > 60) return stop()
    const row = list.querySelector(`[data-index="${anchor.index}"]`)
    if (row) {
      const off = row.getBoundingClientRect().top - anchor.top
      if (Math.abs(off) > 1) {
        window.scrollBy(0, off)
        still = 0
      } else if (++still >= 3) return stop()
    }
    requestAnimationFrame(step)
  }
  requestAnimationFrame(step)
}

/** The width of the fade on the pickers' edges that hide more of them. */
const EDGE_FADE = 32

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: ${theme.zIndices.appBar};
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadows[1]};
`

const SearchRow = styled.div`
  display: flex;
  align-items: center;
  gap: 4px;
  padding: 8px 12px 4px 4px;
`

/*
 * The pickers' row scrolls sideways when the filters' labels do not fit (a phone, a long city). A fade on each
 * edge that hides some of it says there is more; none at an end scrolled to, so the last × shows whole.
 * Decorative only: the pickers stay in the tab order, and a focused one scrolls clear of the fade.
 */
const PickersFrame = styled.div`
  position: relative;
  &::before,
  &::after {
    content: '';
    position: absolute;
    top: 0;
    bottom: 0;
    width: ${EDGE_FADE}px;
    pointer-events: none;
    opacity: 0;
  }
  &::before {
    left: 0;
    background: linear-gradient(to right, ${theme.colors.surface}, transparent);
  }
  &::after {
    right: 0;
    background: linear-gradient(to left, ${theme.colors.surface}, transparent);
  }
  &[data-more-before='true']::before,
  &[data-more-after='true']::after {
    opacity: 1;
  }
`

const Pickers = styled.div`
  display: flex;
  gap: 8px;
  padding: 4px 12px 8px;
  overflow-x: auto;
  scrollbar-width: none;
  scroll-padding-inline: ${EDGE_FADE}px;
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
  background: ${theme.colors.surface};
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
  const filter = findFilterOf(searchParams)
  // An address may hold more than the field takes (typed by hand): the server would refuse it.
  const [name, setName] = useState(() =>
    (searchParams.get(NAME_PARAM) ?? '').slice(0, SEARCH_NAME_MAX_LENGTH),
  )
  const pausedName = useDebouncedValue(name, SEARCH_DEBOUNCE_MS)
  const debouncedName = pausedName.trim()
  // The address's name once the user paused, as typed (spaces too, so Back gives the field back unchanged).
  const nameInAddress = useRef(name)
  useEffect(() => {
    if (pausedName === nameInAddress.current) return
    nameInAddress.current = pausedName
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (pausedName === '') next.delete(NAME_PARAM)
        else next.set(NAME_PARAM, pausedName)
        return next
      },
      { replace: true },
    )
  }, [pausedName, setSearchParams])

  // The user's own city preselects the city picker once, when the link did not choose one (spec section 8). Not
  // under a Home row's filter: its 'Tout voir' shows the row's list, which is not limited to the person's city.
  const preselected = useRef(searchParams.has('v') || filter !== null)
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

  const setParam = (key: 'c' | 'v' | typeof FILTER_PARAM, value: string | null) => {
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
      ...findFilterCriteria(filter),
    }),
    [debouncedName, categoryId, city, position, user, filter],
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
  const usedOfferIds = useUsedOfferIds()
  const pickersRef = useRef<HTMLDivElement>(null)
  const pickersEnds = useScrollEnds(pickersRef)

  const location = useLocation()
  const listRef = useRef<PartnerListHandle>(null)
  const criteriaKey = JSON.stringify(criteria)
  // The list as the user left this entry, if its criteria are the same; once they change, another list, which
  // starts at its top (even if the criteria come back).
  const [left, setLeft] = useState(() => {
    const kept = leftLists.get(location.key)
    return kept?.criteria === criteriaKey ? kept : undefined
  })
  if (left && left.criteria !== criteriaKey) setLeft(undefined)
  useEffect(() => {
    leftLists.delete(location.key)
  }, [location.key])
  const listFrameRef = useRef<HTMLDivElement>(null)
  const rememberList = (event: MouseEvent<HTMLDivElement>) => {
    const pressed = event.target instanceof Element ? event.target.closest('[data-index]') : null
    const anchor = pressed
      ? { index: Number(pressed.getAttribute('data-index')), top: pressed.getBoundingClientRect().top }
      : null
    const sizes = listRef.current?.sizes()
    if (!sizes) return
    rememberLeftList(location.key, { criteria: criteriaKey, sizes, scrollY: window.scrollY, anchor })
  }
  // Scrolled back once the list has its rows' heights and has drawn its first rows.
  const pendingScroll = useRef(left?.scrollY)
  const onRowsDrawn = () => {
    releasePageRows()
    const target = pendingScroll.current
    if (target === undefined) return
    pendingScroll.current = undefined
    const anchor = left?.anchor
    requestAnimationFrame(() => {
      window.scrollTo(0, target)
      if (anchor && listFrameRef.current) keepRowInPlace(listFrameRef.current, anchor)
    })
  }
  // The rows the HTML drew (src/prerender/pageRows.ts) are the first criteria's: another search, or anything but
  // the list and its skeleton, replaces them at once; the list's own rows replace them once drawn.
  const firstCriteria = useRef(JSON.stringify(criteria))
  const showsSkeletonOrList =
    search.isLoadingFirstPage || !(search.isEmpty || (search.error && search.partners.length === 0))
  useLayoutEffect(() => {
    if (!showsSkeletonOrList || JSON.stringify(criteria) !== firstCriteria.current) releasePageRows()
  }, [showsSkeletonOrList, criteria])
  const filtered = name.trim() !== '' || categoryId !== null || city !== null || filter !== null
  const resetFilters = () => {
    preselected.current = true
    setName('')
    nameInAddress.current = ''
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete('c')
        next.delete('v')
        next.delete(NAME_PARAM)
        next.delete(FILTER_PARAM)
        return next
      },
      { replace: true },
    )
  }
  const resetFiltersButton = filtered ? (
    <Button variant="outlined" startIcon={<Icon path={mdiFilterRemove} size={20} />} onClick={resetFilters}>
      {RESET_FILTERS_LABEL}
    </Button>
  ) : null
  const categoryLabel = categoryOptions.find((option) => option.value === categoryId)?.label

  const cityOptions = useMemo(() => (cities.data ?? []).map((c) => ({ value: c, label: c })), [cities.data])

  // A first page's rows are rendered in a transition: React renders them in slices between which the phone
  // stays responsive, where an urgent render would be one long task (≈ 0.1-0.3 s at 4× CPU). The skeleton, or
  // the rows the HTML drew over it, stay on screen until then.
  const firstPageRendered = useDeferredValue(!search.isLoadingFirstPage, false)
  let content
  if (search.error && search.partners.length === 0) {
    content = (
      <SearchFailure
        error={search.error}
        message={ERROR_MESSAGE}
        onRetry={search.retry}
        retrying={search.isValidating}
        fallbackAction={resetFiltersButton}
      />
    )
  } else if (search.isLoadingFirstPage || !firstPageRendered) {
    content = <PartnerRowsSkeleton rows={10} label="Chargement des partenaires" />
  } else if (search.isEmpty) {
    content = <EmptyState message={EMPTY_MESSAGE} action={resetFiltersButton} />
  } else {
    content = (
      <PartnerList
        ref={listRef}
        partners={search.partners}
        // Back from a partner: the rows' heights as the user left them, so the scroll position is the same rows'.
        sizes={left?.sizes}
        onRowsDrawn={onRowsDrawn}
        renderRow={(partner) => (
          <PartnerRow partner={partner} usedOfferIds={usedOfferIds} actionFor={favoriteButtonFor} />
        )}
        onEndReached={() => {
          if (search.hasMore && !search.isLoadingMore && !search.isValidating) void search.loadMore()
        }}
        footer={<ListFooter loadingMore={search.isLoadingMore} error={search.error} retry={search.retry} />}
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
            maxLength={SEARCH_NAME_MAX_LENGTH}
            onChange={(event) => setName(event.target.value)}
            autoComplete="off"
            enterKeyHint="search"
          />
        </SearchRow>
        <PickersFrame data-more-before={pickersEnds.start} data-more-after={pickersEnds.end}>
          <Pickers ref={pickersRef}>
            {/* Why the list is filtered, first; its × gives the whole list back. */}
            {filter !== null ? (
              <Chip
                label={FIND_FILTERS[filter].label}
                variant="primary"
                deleteLabel={`Retirer le filtre « ${FIND_FILTERS[filter].label} »`}
                onDelete={() => setParam(FILTER_PARAM, null)}
              />
            ) : null}
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
                categoryId !== null && categoryLabel
                  ? `Retirer le filtre catégorie « ${categoryLabel} »`
                  : null
              }
              onChange={(value) => setParam('c', value)}
            />
          </Pickers>
        </PickersFrame>
        <LoadingBar active={search.isValidating} label="Chargement des partenaires" />
      </Header>
      {/* A row's press keeps where the list is, for Back (a link's Enter is a click too). */}
      <div ref={listFrameRef} onClickCapture={rememberList}>
        {content}
      </div>
    </Main>
  )
}

interface ListFooterProps {
  loadingMore: boolean
  error?: Error
  retry: () => void
}

function ListFooter({ loadingMore, error, retry }: ListFooterProps) {
  if (error) return <SearchFailure error={error} message={ERROR_MESSAGE} onRetry={retry} />
  if (loadingMore) return <PartnerRowsSkeleton rows={1} label="Chargement de la suite" />
  return null
}

export default FindScreen
