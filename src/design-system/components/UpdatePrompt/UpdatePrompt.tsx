import styled from 'styled-components'
import { Icon, mdiRefresh } from '@/src/design-system/icons/index.ts'
import { Button } from '../Button/index.ts'
import { theme } from '@/src/design-system/theme/theme.ts'

/** Height of the fixed BottomNavigation on phones and tablets: the prompt sits just above it. */
const BOTTOM_NAVIGATION_HEIGHT = 56

const Root = styled.section`
  position: fixed;
  left: 16px;
  right: 16px;
  bottom: calc(${BOTTOM_NAVIGATION_HEIGHT + 16}px + env(safe-area-inset-bottom));
  z-index: ${theme.zIndices.toast};
  display: flex;
  align-items: center;
  gap: 12px;
  box-sizing: border-box;
  padding: 8px 8px 8px 16px;
  border-radius: ${theme.radii.md};
  box-shadow: ${theme.shadows[3]};
  background: ${theme.colors.text};
  color: ${theme.colors.onDark};
  & > svg {
    flex: none;
  }
  /* Wider screens: a card in the bottom-left corner (toasts use the bottom-right one). */
  ${theme.media.sm} {
    right: auto;
    max-width: 420px;
  }
  ${theme.media.lg} {
    bottom: 16px;
  }
`

const Message = styled.p`
  flex: 1;
  min-width: 0;
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
  line-height: ${theme.lineHeights.normal};
`

export interface UpdatePromptProps {
  /** Installe la nouvelle version et recharge la page. */
  onUpdate: () => void
  /** La mise à jour est demandée : le bouton montre un indicateur jusqu’au rechargement. */
  updating?: boolean
}

/**
 * Says a new version of the installed app is ready and offers to switch to it. It stays until the user
 * chooses, so a form being filled in is never reloaded under their fingers.
 */
export function UpdatePrompt({ onUpdate, updating = false }: UpdatePromptProps) {
  return (
    <Root aria-label="Mise à jour de l’application" aria-live="polite">
      <Icon path={mdiRefresh} size={20} />
      <Message>Nouvelle version disponible</Message>
      <Button size="small" color="secondary" loading={updating} onClick={onUpdate}>
        Mettre à jour
      </Button>
    </Root>
  )
}
