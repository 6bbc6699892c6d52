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

export const ARTICLES_ERROR_MESSAGE = 'Oups... Nous ne parvenons pas à récupérer les actualités'
export const NO_ARTICLES_MESSAGE = 'Aucune actualité pour le moment'

const Main = styled.main`
  display: flex;
  flex-direction: column;
  /* The screen above the bottom navigation (the public layout sets its height). */
  height: calc(100dvh - var(--bottom-nav-height, 0px));
  background: ${({ theme }) => theme.colors.background};
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
        slides={sorted.map((article) => (
          <ArticleSlide key={article.articleId.id} article={article} />
        ))}
      />
    )
  }

  return (
    <Main>
      <Title>Accueil</Title>
      <InstallBanner />
      {categories.data && categories.data.length > 0 ? (
        <Chips aria-label="Catégories">
          {categories.data.map((category) => (
            <li key={category.id}>
              <Chip asChild label={category.label} icon={<CategoryIcon name={category.icon} size={18} />}>
                <Link to={`/rechercher?c=${category.id}`}>{category.label}</Link>
              </Chip>
            </li>
          ))}
        </Chips>
      ) : null}
      <Stage>{stage}</Stage>
    </Main>
  )
}

export default HomeScreen
