import styled from 'styled-components'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { Icon, mdiPlus } from '@/src/design-system/icons/index.ts'
import { dismissInstallBanner, promptInstall, useInstallAvailable } from './installPrompt.ts'
import { theme } from '@/src/design-system/theme/index.ts'

/*
 * Over the top of Home's banner, not in the flow: the browser's offer comes at any time after the first paint,
 * and a banner in the flow then pushed the carousel down (Lighthouse: CLS 0.118 on Home).
 */
const Banner = styled.aside`
  position: absolute;
  top: 8px;
  left: 8px;
  right: 8px;
  z-index: 2;
  border-radius: 8px;
  box-shadow: 0 2px 8px rgba(0, 0, 0, 0.3);
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 10px 16px;
  background: ${theme.colors.primaryLight};
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.sm};
  & > p {
    flex: 1;
    margin: 0;
  }
  & > button {
    flex: none;
  }
`

/** Shown only once the browser signals installability; hidden after 'Installer' or 'Plus tard' (for 30 days). */
export function InstallBanner() {
  const available = useInstallAvailable()
  if (!available) return null
  return (
    <Banner aria-label="Installer l'application">
      <p>Ajoutez l'application à votre écran d'accueil pour retrouver vos offres en un geste.</p>
      <Button size="small" startIcon={<Icon path={mdiPlus} size={18} />} onClick={() => void promptInstall()}>
        Installer
      </Button>
      <Button size="small" variant="text" onClick={dismissInstallBanner}>
        Plus tard
      </Button>
    </Banner>
  )
}
