import type { ReactNode } from 'react'
import styled from 'styled-components'
import { theme } from '@/src/design-system/theme/index.ts'

const Box = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]}px;
  padding: ${theme.space[4]}px;
  background: ${theme.colors.surface};
  border-top: 1px solid ${theme.colors.divider};
  border-bottom: 1px solid ${theme.colors.divider};
  scroll-margin-top: 64px;
  ${theme.media.sm} {
    border: 1px solid ${theme.colors.divider};
    border-radius: ${theme.radii.md};
  }
`

const Heading = styled.h2`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
  line-height: ${theme.lineHeights.tight};
  &:focus {
    outline: none;
  }
`

export const SectionText = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
  line-height: ${theme.lineHeights.normal};
`

/** The fields of a section's form, stacked, and its button at the end, at the width of its text. */
export const SectionForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]}px;
  & > button {
    align-self: flex-start;
  }
`

/**
 * One part of 'Mon compte' (name, password, e-mail, data, deletion): a heading the page's address can name
 * (`/compte#mes-donnees` scrolls to it), then its text and form.
 */
export function AccountSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box id={id} aria-labelledby={`${id}-titre`}>
      <Heading id={`${id}-titre`} tabIndex={-1}>
        {title}
      </Heading>
      {children}
    </Box>
  )
}
