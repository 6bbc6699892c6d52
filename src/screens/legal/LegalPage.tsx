import type { ReactNode } from 'react'
import styled from 'styled-components'
import { AccountPage } from '../public/account/AccountPage.tsx'
import { LegalLinks } from './LegalLinks.tsx'
import { theme } from '@/src/design-system/theme/index.ts'

/** A long text set for reading on a phone: one column of at most 70 characters, headings and lists spaced. */
const Text = styled.article`
  max-width: 70ch;
  margin: 0 auto;
  padding: ${theme.space[4]}px ${theme.space[4]}px ${theme.space[7]}px;
  line-height: ${theme.lineHeights.normal};
  overflow-wrap: anywhere;
  & h2 {
    margin: ${theme.space[6]}px 0 ${theme.space[2]}px;
    font-size: ${theme.fontSizes.lg};
    line-height: ${theme.lineHeights.tight};
  }
  & h3 {
    margin: ${theme.space[4]}px 0 ${theme.space[1]}px;
    font-size: ${theme.fontSizes.md};
  }
  & p,
  & ul,
  & dl {
    margin: 0 0 ${theme.space[3]}px;
  }
  & ul {
    padding-left: ${theme.space[5]}px;
  }
  & li + li {
    margin-top: ${theme.space[1]}px;
  }
  & dt {
    font-weight: ${theme.fontWeights.bold};
  }
  & dd {
    margin: 0 0 ${theme.space[2]}px;
  }
`

const Updated = styled.p`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`

/**
 * A legal page (privacy policy, legal notice, accessibility statement): public, prerendered, the same for a
 * visitor and for someone signed in. 'Retour' and the title in a bar, then the text.
 */
export function LegalPage({
  title,
  updated,
  children,
}: {
  title: string
  updated: string
  children: ReactNode
}) {
  return (
    <AccountPage title={title}>
      <Text>
        <Updated>Dernière mise à jour : {updated}</Updated>
        {children}
        <LegalLinks />
      </Text>
    </AccountPage>
  )
}
