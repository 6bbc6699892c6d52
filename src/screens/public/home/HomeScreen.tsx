import { useMemo } from 'react'
import { Link } from 'react-router'
import styled from 'styled-components'
import type { Article } from '../../../../contract/schemas.ts'
import { useArticles } from '../../../api/articles/getArticles.ts'
import { usePublishedArticles } from '../../../api/articles/getPublishedArticles.ts'
import { useCategories } from '../../../api/partners/getCategories.ts'
import { Carousel } from '../../../design-system/components/Carousel/index.ts'
import { CategoryIcon } from '../../../design-system/components/CategoryIcon/index.ts'
import { Chip } from '../../../design-system/components/Chip/index.ts'
import { EmptyState, ErrorState } from '../../../design-system/components/EmptyState/index.ts'
import { mdiImage } from '../../../design-system/icons/index.ts'
import { useSession } from '../../../session/index.ts'
import { ArticleSlide } from './ArticleSlide.tsx'
import { InstallBanner } from './InstallBanner.tsx'
import { usePageTitle } from '../../../pageTitle/index.ts'

export const ARTICLES_ERROR_MESSAGE = 'Oups... Nous ne parvenons pas à récupérer les actualités'
export const NO_ARTICLES_MESSAGE = 'Aucune actualité pour le moment'

const Main = styled.main`
  display: flex;
  flex-direction: column;
  /* The screen above the bottom navigation (the public layout sets its height). */
  height: calc(100dvh - var(--bottom-nav-height, 0px));
  background: ${({ theme }) => theme.colors.background};
  /* Laptops: the banner is a banner (at most 560 px high), not a full screen of 1,366 px. */
  ${({ theme }) => theme.media.lg} {
    height: auto;
    & > [data-home-stage] {
      flex: none;
      height: min(60dvh, 560px);
    }
  }
`

const Title = styled.h1`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
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
  background: ${({ theme }) => theme.colors.surface};
  & > li {
    flex: none;
  }
`

/** The chips row's height (12 px padding, 32 px chips), kept while the categories load so nothing shifts. */
const CHIPS_ROW_HEIGHT = 56

const ChipsPlaceholder = styled.div`
  flex: none;
  display: flex;
  align-items: center;
  gap: 8px;
  height: ${CHIPS_ROW_HEIGHT}px;
  padding: 0 16px;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surface};
  & > span {
    flex: none;
    width: 112px;
    height: 32px;
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.skeleton};
  }
`

const Stage = styled.div`
  flex: 1;
  min-height: 320px;
  display: flex;
  flex-direction: column;
  & > * {
    flex: 1;
  }
`

const Placeholder = styled.div`
  background: ${({ theme }) => theme.colors.skeleton};
`

export interface HomeScreenProps {
  /** Carousel auto-cycle delay in ms (default 6000). */
  carouselInterval?: number
}

const byPosition = (a: Article, b: Article) => a.position - b.position

/** Home: install banner, category shortcuts, and the articles' carousel (all of them for an admin). */
export function HomeScreen({ carouselInterval }: HomeScreenProps) {
  usePageTitle('Accueil')
  const { hasRole } = useSession()
  const isAdmin = hasRole('ROLE_ADMIN')
  const all = useArticles(isAdmin)
  const published = usePublishedArticles(!isAdmin)
  const articles = isAdmin ? all : published
  const categories = useCategories()
  const sorted = useMemo(() => [...(articles.data ?? [])].sort(byPosition), [articles.data])

  let stage
  if (articles.error) {
    stage = (
      <ErrorState
        message={ARTICLES_ERROR_MESSAGE}
        onRetry={() => void articles.mutate()}
        retrying={articles.isValidating}
      />
    )
  } else if (!articles.data) {
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
      <Title>Accueil</Title>
      <InstallBanner />
      {!categories.data && !categories.error ? (
        <ChipsPlaceholder aria-hidden>
          <span />
          <span />
          <span />
          <span />
        </ChipsPlaceholder>
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
      <Stage data-home-stage>{stage}</Stage>
    </Main>
  )
}

export default HomeScreen
