import { useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import styled from 'styled-components'
import type { DisabledCoupon } from '@/contract/schemas.ts'
import { DEFAULT_TIME_ZONE, zonedDate } from '@/contract/zonedDate.ts'
import { useClientConfig } from '@/src/api/config.ts'
import { useUser } from '@/src/api/users/getUser.ts'
import { useReactivateOffer } from '@/src/api/users/reactivateOffer.ts'
import { ApiError } from '@/src/api/client.ts'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { Dialog } from '@/src/design-system/components/Dialog/index.ts'
import { SkeletonRows } from '@/src/design-system/components/SkeletonRows/index.ts'
import { StatusChip } from '@/src/design-system/components/StatusChip/index.ts'
import { TextField } from '@/src/design-system/components/TextField/index.ts'
import { Icon, mdiPencil, mdiRefresh } from '@/src/design-system/icons/index.ts'
import { useNotification } from '@/src/notifications/index.ts'
import { DetailList } from '../common/DetailList.tsx'
import { roleLabel } from './userForm.ts'
import { PageHeader } from '@/src/design-system/components/PageHeader/index.ts'
import { Panel, SectionTitle } from '../common/Panel.tsx'
import { useGoBackOnError } from '../common/useGoBackOnError.ts'
import { backofficeTitle, usePageTitle } from '@/src/pageTitle/index.ts'
import { unstyledList } from '@/src/design-system/theme/mixins.ts'
import { RecordHistory } from '../journal/RecordHistory.tsx'
import { CouponHistory } from './CouponHistory.tsx'
import { RgpdDeletionDialog } from './RgpdDeletionDialog.tsx'
import { useSession } from '@/src/session/index.ts'
import { mdiAccountRemove } from '@mdi/js'
import { theme } from '@/src/design-system/theme/index.ts'

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]}px;
`

const CouponList = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  gap: ${theme.space[3]}px;
  ${unstyledList}
`

const CouponButton = styled.button`
  display: flex;
  align-items: flex-start;
  gap: ${theme.space[3]}px;
  width: 100%;
  padding: ${theme.space[3]}px ${theme.space[4]}px;
  border: 1px solid ${theme.colors.border};
  border-left: 4px solid ${theme.colors.danger};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;
  &:hover {
    background: ${theme.colors.surfaceMuted};
  }
  & > svg {
    flex: none;
    color: ${theme.colors.primary};
  }
`

const CouponText = styled.span`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
`

const Muted = styled.span`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`

/**
 * /bo/utilisateurs/:id: the user's details and used coupons, which an admin can reactivate, every use of a
 * coupon (reactivated ones included) and the user's own history in the journal.
 */
export function UserConsultScreen() {
  const { id } = useParams()
  const navigate = useNavigate()
  const { notify } = useNotification()
  const { data: user, error } = useUser(id)
  const timeZone = useClientConfig().data?.timeZone ?? DEFAULT_TIME_ZONE
  useGoBackOnError(user ? null : error)
  usePageTitle(user ? backofficeTitle(`${user.firstname} ${user.lastname}`) : null)
  const reactivate = useReactivateOffer(Number(id))
  const [selected, setSelected] = useState<DisabledCoupon | null>(null)
  const [reactivating, setReactivating] = useState(false)
  // Why the coupon is given back: optional (the spec's call has none), kept in the journal when given.
  const [motif, setMotif] = useState('')
  const [motifError, setMotifError] = useState<string | null>(null)
  const [erasing, setErasing] = useState(false)
  const { user: admin } = useSession()

  const select = (coupon: DisabledCoupon | null) => {
    setSelected(coupon)
    setMotif('')
    setMotifError(null)
  }

  const onReactivate = async () => {
    if (!selected) return
    setReactivating(true)
    try {
      await reactivate(selected.id.id, motif)
      notify('Le coupon a été réactivé.', 'success')
      select(null)
    } catch (failure) {
      // The toast shows the server's message; the dialog stays open for another try.
      if (!(failure instanceof ApiError)) throw failure
      if (failure.field === 'motif') setMotifError(failure.message)
    } finally {
      setReactivating(false)
    }
  }

  if (!user) {
    return (
      <Panel>
        <SkeletonRows rows={4} lines={2} label="Chargement de l'utilisateur" />
      </Panel>
    )
  }

  return (
    <Panel>
      <PageHeader
        title={`${user.firstname} ${user.lastname}`}
        subtitle="Consultation"
        actions={
          <>
            {/* One's own account is deleted from 'Mon compte', with one's password. */}
            {admin?.userId.id === user.userId.id ? null : (
              <Button
                variant="outlined"
                color="danger"
                startIcon={<Icon path={mdiAccountRemove} size={20} />}
                onClick={() => setErasing(true)}
              >
                Supprimer (RGPD)
              </Button>
            )}
            <Button
              startIcon={<Icon path={mdiPencil} size={20} />}
              onClick={() => navigate(`/bo/utilisateurs/edit/${user.userId.id}`)}
            >
              Editer
            </Button>
          </>
        }
      />
      <DetailList
        items={[
          { label: 'Statut', value: <StatusChip status={user.status} /> },
          { label: 'Rôles', value: roleLabel(user.roles) },
          { label: 'Email', value: user.email },
        ]}
      />
      <Section aria-labelledby="coupons-utilises">
        <SectionTitle id="coupons-utilises">Coupons utilisés</SectionTitle>
        {user.disabledCoupons.length === 0 ? (
          <p>(Aucun)</p>
        ) : (
          <CouponList>
            {user.disabledCoupons.map((coupon) => (
              <li key={coupon.id.id}>
                <CouponButton type="button" onClick={() => select(coupon)}>
                  <Icon path={mdiRefresh} />
                  <CouponText>
                    <strong>{coupon.libelle}</strong>
                    <span>{coupon.partnerName}</span>
                    <Muted>Utilisé le {zonedDate(coupon.usedAt, timeZone) || coupon.usedAt}</Muted>
                  </CouponText>
                </CouponButton>
              </li>
            ))}
          </CouponList>
        )}
      </Section>
      <CouponHistory userId={user.userId.id} uses={user.couponHistory ?? []} />
      <RecordHistory targetType="user" targetId={user.userId.id} />
      <RgpdDeletionDialog
        open={erasing}
        onOpenChange={setErasing}
        userId={user.userId.id}
        fullName={`${user.firstname} ${user.lastname}`}
        onDeleted={() => {
          setErasing(false)
          notify(`Le compte de ${user.firstname} ${user.lastname} a été supprimé.`, 'success')
          navigate('/bo/utilisateurs', { replace: true })
        }}
      />
      <Dialog
        open={selected !== null}
        onOpenChange={(open) => {
          if (!open) select(null)
        }}
        title="Editer le coupon utilisé"
        description="Ce coupon a été utilisé. Voulez vous le réactiver pour permettre à l'utilisateur de le réutiliser?"
        cancelLabel="Annuler"
        confirmLabel="Réactiver"
        onConfirm={onReactivate}
        confirmLoading={reactivating}
      >
        {selected ? (
          <>
            <p>
              <strong>{selected.libelle}</strong> — {selected.partnerName}
            </p>
            <TextField
              label="Motif (facultatif)"
              multiline
              rows={2}
              maxLength={500}
              value={motif}
              error={motifError}
              helperText="S'il est donné, il est inscrit au journal avec votre nom."
              onChange={(event) => {
                setMotif(event.target.value)
                if (motifError) setMotifError(null)
              }}
            />
          </>
        ) : null}
      </Dialog>
    </Panel>
  )
}

export default UserConsultScreen
