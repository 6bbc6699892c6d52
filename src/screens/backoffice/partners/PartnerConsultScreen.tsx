import { useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import styled from 'styled-components'
import { format, parseISO } from 'date-fns'
import type { DiscountOffer } from '@/contract/schemas.ts'
import { ApiError } from '@/src/api/client.ts'
import { useDeletePartnerImage } from '@/src/api/partners/deletePartnerImage.ts'
import { getPartner, usePartner } from '@/src/api/partners/getPartner.ts'
import { useUploadPartnerImage } from '@/src/api/partners/uploadPartnerImage.ts'
import { DEFAULT_TIME_ZONE } from '@/contract/zonedDate.ts'
import { useClientConfig } from '@/src/api/config.ts'
import { Badge } from '@/src/design-system/components/Badge/index.ts'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { CategoryIcon } from '@/src/design-system/components/CategoryIcon/index.ts'
import { Chip } from '@/src/design-system/components/Chip/index.ts'
import { ConfirmDialog } from '@/src/design-system/components/ConfirmDialog/index.ts'
import { FileUploadButton } from '@/src/design-system/components/FileUploadButton/index.ts'
import { PageHeader } from '@/src/design-system/components/PageHeader/index.ts'
import { PhotoGrid } from '@/src/design-system/components/PhotoGrid/index.ts'
import { SkeletonRows } from '@/src/design-system/components/SkeletonRows/index.ts'
import { StatusChip } from '@/src/design-system/components/StatusChip/index.ts'
import { Icon, mdiPencil, mdiPlus } from '@/src/design-system/icons/index.ts'
import { useNotification } from '@/src/notifications/index.ts'
import { DetailList } from '../common/DetailList.tsx'
import { Panel, SectionTitle } from '../common/Panel.tsx'
import { useGoBackOnError } from '../common/useGoBackOnError.ts'
import { CouponDialog } from './CouponDialog.tsx'
import { isExpired, todayIn } from './couponForm.ts'
import { backofficeTitle, usePageTitle } from '@/src/pageTitle/index.ts'
import { unstyledList } from '@/src/design-system/theme/mixins.ts'
import { RecordHistory } from '../journal/RecordHistory.tsx'
import { theme } from '@/src/design-system/theme/index.ts'

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]}px;
  padding-top: ${theme.space[5]}px;
  border-top: 1px solid ${theme.colors.divider};
`

const SectionHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[3]}px;
`

const Chips = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]}px;
`

const Coupons = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  gap: ${theme.space[3]}px;
  ${unstyledList}
`

const CouponCard = styled.button`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${theme.space[2]}px;
  width: 100%;
  height: 100%;
  padding: ${theme.space[4]}px;
  border: 1px dashed ${theme.colors.primary};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.primaryLight};
  color: ${theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;
  &:hover {
    border-style: solid;
  }
  &[data-status='DISABLED'] {
    border-color: ${theme.colors.border};
    background: ${theme.colors.surfaceMuted};
  }
`

const Muted = styled.span`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`

const expiry = (offer: DiscountOffer) => {
  if (!offer.expirationDate) return "Sans date d'expiration"
  const date = parseISO(offer.expirationDate)
  return Number.isNaN(date.getTime())
    ? offer.expirationDate
    : `Valable jusqu'au ${format(date, 'dd/MM/yyyy')}`
}

type CouponEditing = { offer: DiscountOffer | null } | null

/** /bo/partenaires/:id: the partner's details, photos, coupons and its own history in the journal. */
export function PartnerConsultScreen() {
  const { id } = useParams()
  const partnerId = Number(id)
  const navigate = useNavigate()
  const { notify } = useNotification()
  const { data: partner, error, mutate: mutatePartner } = usePartner(id)
  // Expired from the day after its date, in the operators' zone, as the server decides.
  const today = todayIn(useClientConfig().data?.timeZone ?? DEFAULT_TIME_ZONE)
  useGoBackOnError(partner ? null : error)
  usePageTitle(partner ? backofficeTitle(partner.name) : null)
  const uploadImage = useUploadPartnerImage(partnerId)
  const deleteImage = useDeletePartnerImage(partnerId)
  const [uploading, setUploading] = useState(0)
  const [coupon, setCoupon] = useState<CouponEditing>(null)
  const [deletingPhoto, setDeletingPhoto] = useState<{ id: string; alt?: string } | null>(null)
  const [deleteBusy, setDeleteBusy] = useState(false)

  const onFile = async (file: File) => {
    // One placeholder per file in flight; it goes whether the upload succeeds (the photo replaces it) or fails.
    setUploading((count) => count + 1)
    try {
      await uploadImage(file)
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure
    } finally {
      setUploading((count) => count - 1)
    }
  }

  // As article deletion: a photo goes only once the admin confirmed it.
  const onDeletePhoto = async () => {
    if (!deletingPhoto) return
    setDeleteBusy(true)
    try {
      await deleteImage(deletingPhoto.id)
      notify('La photo a été supprimée.', 'success')
      setDeletingPhoto(null)
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure
    } finally {
      setDeleteBusy(false)
    }
  }

  if (!partner) {
    return (
      <Panel>
        <SkeletonRows rows={6} lines={2} label="Chargement du partenaire" />
      </Panel>
    )
  }

  const representative = [partner.representativeFirstName, partner.representativeLastName]
    .filter(Boolean)
    .join(' ')

  return (
    <Panel>
      <PageHeader
        title={partner.name}
        subtitle="Consultation"
        actions={
          <Button
            startIcon={<Icon path={mdiPencil} size={20} />}
            onClick={() => navigate(`/bo/partenaires/edit/${partner.partnerId.id}`)}
          >
            Editer
          </Button>
        }
      />
      <DetailList
        items={[
          { label: 'Description', value: partner.description, full: true },
          { label: 'Siren', value: partner.siren },
          { label: 'Status', value: <StatusChip status={partner.status} /> },
          { label: 'Adresse', value: partner.location.address },
          { label: 'Ville', value: partner.location.city },
          { label: 'Latitude', value: String(partner.location.position.lat) },
          { label: 'Longitude', value: String(partner.location.position.lng) },
          { label: 'Email', value: partner.email },
          { label: 'Tél', value: partner.phone },
          { label: 'Gérant', value: representative },
          {
            label: 'Catégories',
            full: true,
            value: partner.categories.length ? (
              <Chips>
                {partner.categories.map((category) => (
                  <Chip
                    key={category.id}
                    label={category.label}
                    icon={<CategoryIcon path={category.iconPath} size={18} />}
                  />
                ))}
              </Chips>
            ) : null,
          },
        ]}
      />
      <Section aria-labelledby="partenaire-photos">
        <SectionHeader>
          <SectionTitle id="partenaire-photos">Photos</SectionTitle>
          <FileUploadButton accept="image/*" multiple onFile={onFile} name="photo">
            Ajouter
          </FileUploadButton>
        </SectionHeader>
        <PhotoGrid
          photos={partner.images.map((image, index) => ({
            id: image.id,
            url: image.url,
            alt: `Photo ${index + 1} de ${partner.name}`,
          }))}
          uploading={uploading}
          onDelete={setDeletingPhoto}
        />
      </Section>
      <Section aria-labelledby="partenaire-coupons">
        <SectionHeader>
          <SectionTitle id="partenaire-coupons">Coupons</SectionTitle>
          <Button
            variant="outlined"
            startIcon={<Icon path={mdiPlus} size={20} />}
            onClick={() => setCoupon({ offer: null })}
          >
            Ajouter
          </Button>
        </SectionHeader>
        {partner.discountOffers.length === 0 ? (
          <p>Aucun coupon</p>
        ) : (
          <Coupons>
            {partner.discountOffers.map((offer) => (
              <li key={offer.id.id}>
                <CouponCard type="button" data-status={offer.status} onClick={() => setCoupon({ offer })}>
                  <strong>{offer.libelle}</strong>
                  <StatusChip status={offer.status} />
                  {isExpired(offer.expirationDate, today) ? <Badge content="Expiré" color="danger" /> : null}
                  <Muted>{expiry(offer)}</Muted>
                </CouponCard>
              </li>
            ))}
          </Coupons>
        )}
      </Section>
      <RecordHistory targetType="partner" targetId={partner.partnerId.id} />
      <CouponDialog
        partner={partner}
        reloadPartner={() => mutatePartner(getPartner(partnerId), { revalidate: false })}
        offer={coupon?.offer ?? null}
        open={coupon !== null}
        onOpenChange={(open) => {
          if (!open) setCoupon(null)
        }}
      />
      <ConfirmDialog
        open={deletingPhoto !== null}
        title="Supprimer la photo"
        description={
          deletingPhoto?.alt
            ? `Voulez-vous vraiment supprimer « ${deletingPhoto.alt} » ?`
            : 'Voulez-vous vraiment supprimer cette photo ?'
        }
        confirmLabel="Supprimer"
        confirmColor="danger"
        confirmLoading={deleteBusy}
        onConfirm={() => void onDeletePhoto()}
        onCancel={() => setDeletingPhoto(null)}
      />
    </Panel>
  )
}

export default PartnerConsultScreen
