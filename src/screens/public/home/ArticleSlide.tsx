import { useEffect } from 'react'
import { Link } from 'react-router'
import styled from 'styled-components'
import { MAIN_PICTURE_SIZES } from '@/contract/prerender.ts'
import type { Article } from '@/contract/schemas.ts'
import { ResponsiveImage } from '@/src/design-system/components/ResponsiveImage/index.ts'
import { StatusChip } from '@/src/design-system/components/StatusChip/index.ts'
import { theme } from '@/src/design-system/theme/theme.ts'
import { isExternalUrl, isSafeLinkUrl } from '@/src/links/articleLinks.ts'
import { releasePagePicture } from '@/src/prerender/pagePicture.ts'

const Slide = styled.article`
  position: relative;
  height: 100%;
  display: flex;
  flex-direction: column;
  justify-content: flex-end;
  background: ${theme.colors.primaryDark};
  color: ${theme.colors.onDark};
`

const Picture = styled(ResponsiveImage)`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  object-fit: cover;
`

/* Only administrators are shown drafts: the mark tells them the public does not see this slide. */
const DraftMark = styled(StatusChip)`
  position: absolute;
  top: 12px;
  left: 12px;
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.4);
`

const Caption = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 12px;
  padding: 24px 16px 48px;
  background: linear-gradient(to top, rgba(0, 0, 0, 0.8), rgba(0, 0, 0, 0.55) 70%, transparent);
`

const Title = styled.h2`
  margin: 0;
  font-size: ${theme.fontSizes.xl};
  line-height: ${theme.lineHeights.tight};
  text-shadow: 0 1px 2px rgba(0, 0, 0, 0.6);
`

const linkStyle = `
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  padding: 8px 16px;
  border-radius: 8px;
  background: ${theme.colors.surface};
  color: ${theme.colors.primaryDark};
  font-weight: 500;
  text-decoration: none;
  /* On a photo or the navy slide: a white ring with navy between it and the white link (WCAG 2.4.11). */
  &:focus-visible {
    outline: 3px solid ${theme.colors.onDark};
    outline-offset: 2px;
    box-shadow: 0 0 0 2px ${theme.colors.focusOuter};
  }
`
const InternalLink = styled(Link)`
  ${linkStyle}
`
const ExternalLink = styled.a`
  ${linkStyle}
`

export interface ArticleSlideProps {
  article: Article
  /** The slide shown first: its image loads eagerly with a high fetch priority, the others lazily. */
  priority?: boolean
}

export function ArticleSlide({ article, priority = false }: ArticleSlideProps) {
  const link = article.link?.url && article.link.text && isSafeLinkUrl(article.link.url) ? article.link : null
  const hasImage = article.image !== null
  // The first slide takes over from the picture the page's HTML painted (none to wait for without an image).
  useEffect(() => {
    if (priority && !hasImage) releasePagePicture()
  }, [priority, hasImage])
  const takeOver = priority ? () => releasePagePicture(true) : undefined
  return (
    <Slide>
      {article.image ? (
        <Picture
          image={article.image}
          sizes={MAIN_PICTURE_SIZES}
          alt=""
          priority={priority}
          onLoad={takeOver}
          onError={takeOver}
        />
      ) : null}
      {article.status === 'DRAFT' ? <DraftMark status="DRAFT" /> : null}
      <Caption>
        <Title>{article.title}</Title>
        {link ? (
          isExternalUrl(link.url) ? (
            <ExternalLink href={link.url} target={link.target || undefined} rel="noopener noreferrer">
              {link.text}
            </ExternalLink>
          ) : (
            <InternalLink to={link.url} target={link.target || undefined}>
              {link.text}
            </InternalLink>
          )
        ) : null}
      </Caption>
    </Slide>
  )
}
