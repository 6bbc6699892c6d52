import type { ReactNode } from 'react'
import { Link } from 'react-router'
import styled from 'styled-components'
import { Button } from '@/src/design-system/index.ts'
import { Icon } from '@/src/design-system/icons/index.ts'
import { theme } from '@/src/design-system/theme/index.ts'

const Page = styled.main`
  min-height: 100%;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${theme.space[5]}px;
  padding: ${theme.space[5]}px;
  text-align: center;
`

const Code = styled.p`
  margin: 0;
  font-size: 4rem;
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.primary};
  line-height: 1;
`

const Symbol = styled.span`
  display: flex;
  color: ${theme.colors.danger};
`

const Title = styled.h1`
  margin: 0;
  font-size: ${theme.fontSizes.xl};
`

const Message = styled.p`
  max-width: 40ch;
  margin: 0;
  color: ${theme.colors.textMuted};
`

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.space[3]}px;
`

export interface ErrorPageProps {
  /** The HTTP-like code drawn large above the title (403, 404). */
  code?: string
  /** An MDI path drawn above the title instead of a code. */
  icon?: string
  title: string
  /** A sentence under the title: what the user can do. */
  message?: string
  /** The page's buttons; by default the way back to the root. */
  actions?: ReactNode
}

/**
 * The error pages (access denied, not found, a page that could not load): a code or an icon, the title, what
 * to do, and a way on (by default back to the root).
 */
export function ErrorPage({ code, icon, title, message, actions }: ErrorPageProps) {
  return (
    <Page>
      {code ? <Code aria-hidden="true">{code}</Code> : null}
      {icon ? (
        <Symbol>
          <Icon path={icon} size={56} />
        </Symbol>
      ) : null}
      <Title>{title}</Title>
      {message ? <Message>{message}</Message> : null}
      <Actions>
        {actions ?? (
          <Button variant="contained" asChild>
            <Link to="/">Retour à l'accueil</Link>
          </Button>
        )}
      </Actions>
    </Page>
  )
}
