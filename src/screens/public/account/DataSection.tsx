import { useState } from 'react'
import styled from 'styled-components'
import { mdiDownload } from '@mdi/js'
import { exportMyData } from '@/src/api/account/exportMyData.ts'
import { ApiError } from '@/src/api/client.ts'
import { fileDate, saveFile } from '@/src/api/saveFile.ts'
import { Button, Icon } from '@/src/design-system/index.ts'
import { useNotification } from '@/src/notifications/index.ts'
import { AccountSection, SectionText } from './AccountSection.tsx'
import { theme } from '@/src/design-system/theme/index.ts'

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]}px;
`

/** The address of this section: the Menu's 'Télécharger mes données' opens it. */
export const DATA_SECTION_ID = 'mes-donnees'

export const DOWNLOAD_FAILED_MESSAGE = 'Le téléchargement de vos données a échoué. Veuillez réessayer.'

type Format = 'json' | 'csv'

/**
 * 'Mes données' (RGPD art. 15 and 20): the file of everything held about the person, JSON (to take elsewhere)
 * or CSV (to read in a spreadsheet), downloaded with their token. A refused call is the client's toast, with
 * the server's message; anything else that fails says so too.
 */
export function DataSection() {
  const { notify } = useNotification()
  const [busy, setBusy] = useState<Format | null>(null)
  const download = async (format: Format) => {
    setBusy(format)
    try {
      saveFile(await exportMyData(format), `mes-donnees-partenaires-${fileDate()}.${format}`)
    } catch (error) {
      if (!(error instanceof ApiError)) notify(DOWNLOAD_FAILED_MESSAGE, 'error')
    } finally {
      setBusy(null)
    }
  }
  return (
    <AccountSection id={DATA_SECTION_ID} title="Mes données">
      <SectionText>
        Tout ce que nous gardons sur vous : votre profil, vos favoris, les coupons utilisés avec leurs dates,
        vos consentements et votre dernière connexion. Le fichier JSON se reprend dans un autre service ; le
        CSV se lit dans un tableur.
      </SectionText>
      <Buttons>
        <Button
          variant="outlined"
          loading={busy === 'json'}
          disabled={busy !== null && busy !== 'json'}
          startIcon={<Icon path={mdiDownload} size={20} />}
          onClick={() => void download('json')}
        >
          Télécharger (JSON)
        </Button>
        <Button
          variant="outlined"
          loading={busy === 'csv'}
          disabled={busy !== null && busy !== 'csv'}
          startIcon={<Icon path={mdiDownload} size={20} />}
          onClick={() => void download('csv')}
        >
          Télécharger (CSV)
        </Button>
      </Buttons>
    </AccountSection>
  )
}
