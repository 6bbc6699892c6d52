import { useState } from 'react'
import styled from 'styled-components'
import { ApiError } from '@/src/api/client.ts'
import { useDeleteUserRgpd } from '@/src/api/users/deleteUserRgpd.ts'
import { Dialog } from '@/src/design-system/components/Dialog/index.ts'
import { TextField } from '@/src/design-system/components/TextField/index.ts'
import { theme } from '@/src/design-system/theme/index.ts'

const Text = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]}px;
  margin-bottom: ${theme.space[4]}px;
  & p,
  & ul {
    margin: 0;
  }
  & ul {
    padding-left: ${theme.space[5]}px;
  }
`

/**
 * 'Supprimer (RGPD)': an administrator erases a person's account at their request received by mail (DELETE
 * /api/users/{id}/rgpd), with the request's reference for the Journal. What is erased and what is kept is said
 * before; `onDeleted` runs once the server has erased it. A refusal (the last active administrator) is the
 * app's toast, and the dialog stays.
 */
export function RgpdDeletionDialog({
  open,
  onOpenChange,
  userId,
  fullName,
  onDeleted,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  userId: number
  fullName: string
  onDeleted: () => void
}) {
  const remove = useDeleteUserRgpd()
  const [motif, setMotif] = useState('')
  const [motifError, setMotifError] = useState<string | null>(null)
  const [deleting, setDeleting] = useState(false)

  const close = () => {
    setMotif('')
    setMotifError(null)
    onOpenChange(false)
  }
  const onConfirm = async () => {
    setDeleting(true)
    try {
      await remove(userId, motif.trim() ? { motif: motif.trim() } : {})
      setMotif('')
      onDeleted()
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure
      const fieldMessage = failure.fields?.motif ?? (failure.field === 'motif' ? failure.message : null)
      if (fieldMessage) setMotifError(fieldMessage)
    } finally {
      setDeleting(false)
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close()
      }}
      title="Supprimer ce compte (RGPD)"
      description={`À la demande de ${fullName}, reçue par écrit. La suppression est immédiate et définitive.`}
      confirmLabel="Supprimer le compte"
      confirmColor="danger"
      confirmLoading={deleting}
      onConfirm={() => void onConfirm()}
    >
      <Text>
        <p>
          Sont effacés aussitôt : nom, adresse e-mail, mot de passe, favoris et sessions (tous ses appareils
          sont déconnectés).
        </p>
        <p>
          Sont gardées, anonymisées : ses utilisations de coupons, pour les chiffres des partenaires et le
          tableau de bord. La suppression est inscrite au journal avec votre nom, sans donnée personnelle de
          la personne ; un e-mail la lui confirme.
        </p>
      </Text>
      <TextField
        label="Référence de la demande (facultatif)"
        maxLength={500}
        value={motif}
        error={motifError}
        helperText="Par exemple la date et l’objet du courrier reçu ; inscrite au journal."
        onChange={(event) => {
          setMotif(event.target.value)
          if (motifError) setMotifError(null)
        }}
        fullWidth
      />
    </Dialog>
  )
}
