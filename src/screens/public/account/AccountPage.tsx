import type { ReactNode } from 'react'
import styled from 'styled-components'
import { stickyTopBar } from '@/src/design-system/index.ts'
import { PlainIconButton } from '@/src/design-system/components/IconButton/PlainIconButton.tsx'
import { mdiArrowLeft } from '@/src/design-system/icons/index.ts'
import { useGoBack } from '@/src/navigation/index.ts'
import { theme } from '@/src/design-system/theme/index.ts'

const Main = styled.main`
  min-height: calc(100dvh - var(--bottom-nav-height, 0px));
  background: ${theme.colors.surface};
`

const TopBar = styled.header`
  ${stickyTopBar}
  gap: 4px;
  min-height: 56px;
  padding: 4px 16px 4px 4px;
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadows[1]};
`

const Title = styled.h1`
  margin: 0;
  font-size: ${theme.fontSizes.xl};
  line-height: ${theme.lineHeights.tight};
`

/** A page of the user's own lists (opened from the Menu): 'Retour' and the title in a bar, then the list. */
export function AccountPage({
  title,
  busy,
  children,
}: {
  title: string
  busy?: boolean
  children: ReactNode
}) {
  const goBack = useGoBack()
  return (
    <Main aria-busy={busy}>
      <TopBar>
        <PlainIconButton label="Retour" icon={mdiArrowLeft} onClick={goBack} />
        <Title>{title}</Title>
      </TopBar>
      {children}
    </Main>
  )
}
