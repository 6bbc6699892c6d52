import type { Partner } from '@/contract/schemas.ts'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { Icon, mdiShareVariant } from '@/src/design-system/icons/index.ts'
import { useNotification } from '@/src/notifications/index.ts'

export const SHARE_LABEL = 'Partager'
export const LINK_COPIED_MESSAGE = 'Lien du partenaire copié'
export const LINK_NOT_COPIED_MESSAGE = 'Impossible de copier le lien du partenaire'

/** The partner's page in the app, as a link to send (the receiver signs in, then lands on it). */
export const partnerUrl = (partner: Partner) => `${window.location.origin}/partenaire/${partner.partnerId.id}`

/**
 * 'Partager': the system's share sheet (Web Share API) where the browser has one; elsewhere the link is copied
 * and a toast says so. Closing the share sheet without sharing is not an error.
 */
export function SharePartnerButton({ partner }: { partner: Partner }) {
  const { notify } = useNotification()

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url)
      notify(LINK_COPIED_MESSAGE, 'success')
    } catch {
      notify(LINK_NOT_COPIED_MESSAGE, 'error')
    }
  }

  const share = async () => {
    const url = partnerUrl(partner)
    const data = { title: partner.name, text: `${partner.name}, ${partner.location.city}`, url }
    if (typeof navigator.share !== 'function' || (navigator.canShare && !navigator.canShare(data)))
      return copy(url)
    try {
      await navigator.share(data)
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return
      await copy(url)
    }
  }

  return (
    <Button
      variant="outlined"
      startIcon={<Icon path={mdiShareVariant} size={20} />}
      onClick={() => void share()}
    >
      {SHARE_LABEL}
    </Button>
  )
}
