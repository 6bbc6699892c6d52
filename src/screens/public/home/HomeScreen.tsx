import { useDeferredValue, useEffect, useMemo } from 'react'
import { Link } from 'react-router'
import styled from 'styled-components'
import type { Article } from '@/contract/schemas.ts'
import { useArticles } from '@/src/api/articles/getArticles.ts'
import { usePublishedArticles } from '@/src/api/articles/getPublishedArticles.ts'
import { useCategories } from '@/src/api/partners/getCategories.ts'
import { Carousel } from '@/src/design-system/components/Carousel/index.ts'
import { CategoryIcon } from '@/src/design-system/components/CategoryIcon/index.ts'
import { Chip } from '@/src/design-system/components/Chip/index.ts'
import { EmptyState, ErrorState } from '@/src/design-system/components/EmptyState/index.ts'
import { mdiImage } from '@/src/design-system/icons/index.ts'
import { VisuallyHidden } from '@/src/design-system/components/VisuallyHidden/index.ts'
import { useSession } from '@/src/session/index.ts'
import { ArticleSlide } from './ArticleSlide.tsx'
import { CHIPS_ROW_HEIGHT, ChipsPlaceholder } from './ChipsPlaceholder.tsx'
import { HomeRowsSlot } from './HomeRowsSlot.tsx'
import { InstallBanner } from './InstallBanner.tsx'
import { PAGE_TITLES, usePageTitle } from '@/src/pageTitle/index.ts'
import { releasePagePicture } from '@/src/prerender/pagePicture.ts'
import { theme } from '@/src/design-system/theme/index.ts'

export const ARTICLES_ERROR_MESSAGE = 'Oups... Nous ne parvenons pas à récupérer les actualités'
export const NO_ARTICLES_MESSAGE = 'Aucune actualité pour le moment'

const Main = styled.main`
  display: flex;
  flex-direction: column;
  /* At least the screen above the bottom navigation (the public layout sets its height); the rows below it. */
  min-height: calc(100dvh - var(--bottom-nav-height, 0px));
  background: ${theme.colors.background};
  /* Laptops: the banner is a banner (at most 560 px high), not a full screen of 1,366 px. */
  ${theme.media.lg} {
    height: auto;
    & > [data-home-stage] {
      flex: none;
      height: min(60dvh, 560px);
    }
  }
`

const Chips = styled.ul`
  flex: none;
  display: flex;
  gap: 8px;
  margin: 0;
  padding: 12px 16px;
  overflow-x: auto;
  list-style: none;
  scrollbar-width: none;
  background: ${theme.colors.surface};
  & > li {
    flex: none;
  }
`

const Stage = styled.div`
  position: relative;
  /* The first screen under the chips, as before the rows came under it. */
  flex: none;
  height: calc(100dvh - var(--bottom-nav-height, 0px) - ${CHIPS_ROW_HEIGHT}px);
  min-height: 320px;
  display: flex;
  flex-direction: column;
  & > * {
    flex: 1;
  }
`

const Placeholder = styled.div`
  background: ${theme.colors.skeleton};
`

export interface HomeScreenProps {
  /** Carousel auto-cycle delay in ms (default 6000). */
  carouselInterval?: number
}

const byPosition = (a: Article, b: Article) => a.position - b.position

/**
 * Home: install banner, category shortcuts, the articles' carousel (all of them for an admin), and under it the
 * person's rows (HomeRowsSlot).
 */
export function HomeScreen({ carouselInterval }: HomeScreenProps) {
  usePageTitle(PAGE_TITLES.home)
  const { hasRole } = useSession()
  const isAdmin = hasRole('ROLE_ADMIN')
  const all = useArticles(isAdmin)
  const published = usePublishedArticles(!isAdmin)
  const articles = isAdmin ? all : published
  const categories = useCategories()
  // SWR hands the first answer over in a synchronous update: rendering the carousel from it was one long task
  // (≈300 ms at 4× CPU). It is rendered from a deferred copy instead, in a transition React cuts into slices,
  // the placeholder (under the HTML's picture) staying up until then; as on the partner details page, later
  // answers and a cached list show at once.
  const deferred = useDeferredValue(articles.data)
  const data = deferred === undefined ? undefined : articles.data
  const sorted = useMemo(() => [...(data ?? [])].sort(byPosition), [data])
  // No slide to take over from the picture the page's HTML painted: the error or empty state shows instead.
  const noSlides = Boolean(articles.error) || (data !== undefined && sorted.length === 0)
  useEffect(() => {
    if (noSlides) releasePagePicture()
  }, [noSlides])

  let stage
  if (articles.error) {
    stage = (
      <ErrorState
        message={ARTICLES_ERROR_MESSAGE}
        onRetry={() => void articles.mutate()}
        retrying={articles.isValidating}
      />
    )
  } else if (!data) {
    stage = <Placeholder role="status" aria-label="Chargement des actualités" aria-busy />
  } else if (sorted.length === 0) {
    stage = <EmptyState message={NO_ARTICLES_MESSAGE} icon={mdiImage} />
  } else {
    stage = (
      <Carousel
        label="Actualités"
        fullHeight
        interval={carouselInterval}
        slides={sorted.map((article, i) => (
          // The first slide's image is the page's LCP: fetched at once and first; the others wait until shown.
          <ArticleSlide key={article.articleId.id} article={article} priority={i === 0} />
        ))}
      />
    )
  }

  return (
    <Main>
      <VisuallyHidden as="h1">Accueil</VisuallyHidden>
      {!categories.data && !categories.error ? (
        <ChipsPlaceholder />
      ) : categories.data && categories.data.length > 0 ? (
        <Chips aria-label="Catégories">
          {categories.data.map((category) => (
            <li key={category.id}>
              <Chip asChild label={category.label} icon={<CategoryIcon path={category.iconPath} size={18} />}>
                <Link to={`/rechercher?c=${category.id}`}>{category.label}</Link>
              </Chip>
            </li>
          ))}
        </Chips>
      ) : null}
      <Stage data-home-stage>
        {stage}
        <InstallBanner />
      </Stage>
      <HomeRowsSlot ready={data !== undefined || Boolean(articles.error)} />
    </Main>
  )
}

export default HomeScreen
