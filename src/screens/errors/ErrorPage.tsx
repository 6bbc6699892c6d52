import { Link } from 'react-router'
import styled from 'styled-components'
import { Button } from '@/src/design-system/index.ts'

const Page = styled.main`
  min-height: 100%;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[5]}px;
  padding: ${({ theme }) => theme.space[5]}px;
  text-align: center;
`

const Code = styled.p`
  margin: 0;
  font-size: 4rem;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.primary};
  line-height: 1;
`

const Title = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
`

/** The access-denied and not-found pages: a code, the spec's message and a way back to the root. */
export function ErrorPage({ code, title }: { code: string; title: string }) {
  return (
    <Page>
      <Code aria-hidden="true">{code}</Code>
      <Title>{title}</Title>
      <Button variant="contained" asChild>
        <Link to="/">Retour à l'accueil</Link>
      </Button>
    </Page>
  )
}
