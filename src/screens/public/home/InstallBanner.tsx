import styled from 'styled-components'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { Icon, mdiPlus } from '@/src/design-system/icons/index.ts'
import { dismissInstallBanner, promptInstall, useInstallAvailable } from './installPrompt.ts'

const Banner = styled.aside`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 10px 16px;
  background: ${({ theme }) => theme.colors.primaryLight};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
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
