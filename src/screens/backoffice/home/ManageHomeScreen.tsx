import { useEffect, useMemo, useRef, useState } from 'react'
import { Link } from 'react-router'
import styled from 'styled-components'
import type { Article } from '@/contract/schemas.ts'
import { ApiError } from '@/src/api/client.ts'
import { useDeleteArticle } from '@/src/api/articles/deleteArticle.ts'
import { useArticles } from '@/src/api/articles/getArticles.ts'
import { useMoveArticle } from '@/src/api/articles/moveArticle.ts'
import { Badge } from '@/src/design-system/components/Badge/index.ts'
import { Button } from '@/src/design-system/components/Button/index.ts'
import {
  Card,
  CardActions,
  CardContent,
  CardMedia,
  CardTitle,
} from '@/src/design-system/components/Card/index.ts'
import { Dialog } from '@/src/design-system/components/Dialog/index.ts'
import { EmptyState, ErrorState } from '@/src/design-system/components/EmptyState/index.ts'
import { IconButton } from '@/src/design-system/components/IconButton/index.ts'
import { PageHeader } from '@/src/design-system/components/PageHeader/index.ts'
import { SkeletonRows } from '@/src/design-system/components/SkeletonRows/index.ts'
import { VisuallyHidden } from '@/src/design-system/components/VisuallyHidden/index.ts'
import {
  Icon,
  mdiArrowDown,
  mdiArrowUp,
  mdiDelete,
  mdiImageOff,
  mdiPencil,
  mdiPlus,
} from '@/src/design-system/icons/index.ts'
import { useNotification } from '@/src/notifications/index.ts'
import { Panel } from '../common/Panel.tsx'
import { ArticleDialog } from './ArticleDialog.tsx'
import { isExternalUrl, isSafeLinkUrl } from '@/src/links/articleLinks.ts'
import { backofficeTitle, usePageTitle } from '@/src/pageTitle/index.ts'
import { unstyledList } from '@/src/design-system/theme/mixins.ts'
import { theme } from '@/src/design-system/theme/index.ts'

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: ${theme.space[5]}px;
  ${unstyledList}
`

/** Spec: article images at 400x550. */
const ArticleImage = styled(CardMedia)`
  aspect-ratio: 400 / 550;
`

const NoImage = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  aspect-ratio: 400 / 550;
  background: ${theme.colors.surfaceMuted};
  color: ${theme.colors.textMuted};
`

const Meta = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[2]}px;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`

const LinkText = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  overflow-wrap: anywhere;
  & > a {
    color: ${theme.colors.primary};
  }
  &[data-empty='true'] {
    color: ${theme.colors.textMuted};
    font-style: italic;
  }
`

/** The card's link: a router link for internal paths, a plain one (noopener) for http(s) addresses. */
function ArticleLink({ article }: { article: Article }) {
  const link = article.link
  if (!link?.url || !link.text || !isSafeLinkUrl(link.url))
    return <LinkText data-empty="true">Aucun lien disponible</LinkText>
  return (
    <LinkText>
      {isExternalUrl(link.url) ? (
        <a href={link.url} target={link.target || undefined} rel="noopener noreferrer">
          {link.text}
        </a>
      ) : (
        <Link to={link.url} target={link.target || undefined}>
          {link.text}
        </Link>
      )}
    </LinkText>
  )
}

type Editing = { article: Article | null } | null
type Direction = 'up' | 'down'

/** Pushes the card's other actions to the end, so the order buttons stay at the start of the row. */
const ActionsGap = styled.span`
  flex: 1;
`

/** /bo/gerer-accueil: the home carousel's pages, to add, edit and delete. */
export function ManageHomeScreen() {
  usePageTitle(backofficeTitle("Gestion de la page d'accueil"))
  const { data, error, isLoading, mutate } = useArticles()
  const deleteArticle = useDeleteArticle()
  const { notify } = useNotification()
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<Article | null>(null)
  const [deleteBusy, setDeleteBusy] = useState(false)
  const articles = useMemo(
    () => [...(data ?? [])].sort((a, b) => a.position - b.position || a.articleId.id - b.articleId.id),
    [data],
  )
  const nextPosition = articles.reduce((max, article) => Math.max(max, article.position), 0) + 1
  const moveArticle = useMoveArticle()
  const [moving, setMoving] = useState<number | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const grid = useRef<HTMLUListElement>(null)
  // After a move the card has changed places: the focus goes back to the button pressed (or its
  // neighbour, once the card reached an end and that button is disabled), so the keys can go on moving it.
  const refocus = useRef<{ id: number; direction: Direction } | null>(null)
  useEffect(() => {
    const target = refocus.current
    if (!target || !grid.current) return
    const button = (direction: Direction) =>
      grid.current?.querySelector<HTMLButtonElement>(
        `[data-move="${direction}"][data-article="${target.id}"]:not(:disabled)`,
      )
    const other: Direction = target.direction === 'up' ? 'down' : 'up'
    ;(button(target.direction) ?? button(other))?.focus()
    refocus.current = null
  }, [articles])

  const onMove = async (article: Article, direction: Direction) => {
    // One move at a time; the buttons stay enabled meanwhile, so the focus stays on the one pressed.
    if (moving !== null) return
    setMoving(article.articleId.id)
    // Set before the call: the list is redrawn in the new order as soon as the answer is in the cache.
    refocus.current = { id: article.articleId.id, direction }
    try {
      await moveArticle(article.articleId.id, direction)
      setAnnouncement(`« ${article.title} » ${direction === 'up' ? 'monte' : 'descend'} d'une place.`)
    } catch (failure) {
      // The client has shown the server's message (e.g. another admin moved it to an end meanwhile).
      refocus.current = null
      if (!(failure instanceof ApiError)) throw failure
    } finally {
      setMoving(null)
    }
  }

  const onDelete = async () => {
    if (!deleting) return
    setDeleteBusy(true)
    try {
      await deleteArticle(deleting.articleId.id)
      notify('La page a été supprimée.', 'success')
      setDeleting(null)
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure
    } finally {
      setDeleteBusy(false)
    }
  }

  let content
  if (error && !data) {
    content = (
      <ErrorState message="Impossible de charger les pages d'accueil." onRetry={() => void mutate()} />
    )
  } else if (isLoading) {
    content = <SkeletonRows rows={4} lines={2} label="Chargement des pages" />
  } else if (articles.length === 0) {
    content = <EmptyState message="Aucune page pour le moment." icon={mdiImageOff} />
  } else {
    content = (
      <Grid aria-label="Pages de la page d'accueil" ref={grid}>
        {articles.map((article, index) => {
          const published = article.status === 'PUBLISHED'
          return (
            <li key={article.articleId.id}>
              <Card dimmed={!published} aria-label={article.title}>
                {article.image ? (
                  <ArticleImage
                    src={article.image.url}
                    alt={article.title}
                    width={400}
                    height={550}
                    loading="lazy"
                  />
                ) : (
                  <NoImage>
                    <Icon path={mdiImageOff} size={40} />
                  </NoImage>
                )}
                <CardContent>
                  <Meta>
                    <Badge
                      content={published ? 'Publié' : 'Brouillon'}
                      color={published ? 'success' : 'danger'}
                    />
                    <span>Position {article.position}</span>
                  </Meta>
                  <CardTitle as="h2">{article.title}</CardTitle>
                  <ArticleLink article={article} />
                </CardContent>
                <CardActions>
                  <IconButton
                    label={`Monter « ${article.title} »`}
                    icon={mdiArrowUp}
                    data-move="up"
                    data-article={article.articleId.id}
                    disabled={index === 0}
                    onClick={() => void onMove(article, 'up')}
                  />
                  <IconButton
                    label={`Descendre « ${article.title} »`}
                    icon={mdiArrowDown}
                    data-move="down"
                    data-article={article.articleId.id}
                    disabled={index === articles.length - 1}
                    onClick={() => void onMove(article, 'down')}
                  />
                  <ActionsGap />
                  <IconButton
                    label={`Modifier « ${article.title} »`}
                    icon={mdiPencil}
                    color="primary"
                    onClick={() => setEditing({ article })}
                  />
                  <IconButton
                    label={`Supprimer « ${article.title} »`}
                    icon={mdiDelete}
                    color="danger"
                    onClick={() => setDeleting(article)}
                  />
                </CardActions>
              </Card>
            </li>
          )
        })}
      </Grid>
    )
  }

  return (
    <Panel>
      <PageHeader
        title="Gestion de la page d'accueil"
        actions={
          <Button startIcon={<Icon path={mdiPlus} size={20} />} onClick={() => setEditing({ article: null })}>
            Ajouter
          </Button>
        }
      />
      {content}
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      <ArticleDialog
        article={editing?.article ?? null}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null)
        }}
        nextPosition={nextPosition}
      />
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null)
        }}
        title="Supprimer la page"
        description={deleting ? `Voulez-vous vraiment supprimer la page « ${deleting.title} » ?` : undefined}
        confirmLabel="Supprimer"
        confirmColor="danger"
        onConfirm={onDelete}
        confirmLoading={deleteBusy}
      />
    </Panel>
  )
}

export default ManageHomeScreen
