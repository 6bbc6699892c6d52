import { useState } from 'react'
import { mdiAccountRemove } from '@mdi/js'
import { useNavigate } from 'react-router'
import { useSWRConfig } from 'swr'
import { Button, Icon } from '@/src/design-system/index.ts'
import { useSession } from '@/src/session/index.ts'
import { noteAccountDeleted } from '../../auth/accountDeleted.ts'
import { AccountSection, SectionText } from './AccountSection.tsx'
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx'

/**
 * 'Supprimer mon compte' (RGPD art. 17): the button and its dialog. Once the server has erased the account,
 * this device forgets the session and its cached data and goes to the sign-in page, which says it was deleted.
 */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false)
  const { signOut } = useSession()
  const { mutate } = useSWRConfig()
  const navigate = useNavigate()
  const onDeleted = () => {
    setOpen(false)
    noteAccountDeleted()
    signOut()
    // Nothing of the person stays in this tab's memory.
    void mutate(() => true, undefined, { revalidate: false })
    navigate('/login', { replace: true })
  }
  return (
    <AccountSection id="supprimer" title="Supprimer mon compte">
      <SectionText>
        Votre compte, vos favoris et vos sessions sont effacés aussitôt ; les utilisations de vos coupons
        restent, anonymisées, pour les chiffres des partenaires.
      </SectionText>
      <Button
        variant="outlined"
        color="danger"
        startIcon={<Icon path={mdiAccountRemove} size={20} />}
        onClick={() => setOpen(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        Supprimer mon compte
      </Button>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} onDeleted={onDeleted} />
    </AccountSection>
  )
}
