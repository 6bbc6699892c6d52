import { useMemo, useState } from 'react'
import { Field } from 'react-final-form'
import { useParams } from 'react-router'
import type { CategoryInput } from '@/contract/schemas.ts'
import { useCreatePartner } from '@/src/api/partners/createPartner.ts'
import { useCategories } from '@/src/api/partners/getCategories.ts'
import { getPartner, usePartner } from '@/src/api/partners/getPartner.ts'
import { usePartnerStatuses } from '@/src/api/partners/getPartnerStatuses.ts'
import { useUpdatePartner } from '@/src/api/partners/updatePartner.ts'
import { SearchCombobox } from '@/src/design-system/components/SearchCombobox/index.ts'
import { useMdiIconPath } from '@/src/api/icons/index.ts'
import { CategoryIcon } from '@/src/design-system/components/CategoryIcon/index.ts'
import { useMaps } from '@/src/maps/index.ts'
import { FormGrid } from '../common/FormGrid.tsx'
import { FormPage } from '../common/FormPage.tsx'
import { FormSelect } from '../common/FormSelect.tsx'
import { FormTextField, fieldError } from '../../forms/FormTextField.tsx'
import { useBackofficeGoBack } from '../common/useBackofficeGoBack.ts'
import { useGoBackOnError } from '../common/useGoBackOnError.ts'
import { useSaveFlow } from '../common/useSaveFlow.ts'
import { useVersionedEdit, VersionConflictNotice, type ComparedField } from '../common/versionConflict.tsx'
import { CategoryIconDialog } from './CategoryIconDialog.tsx'
import {
  applyPlace,
  emptyPartnerValues,
  partnerToValues,
  validatePartner,
  valuesToPartnerBody,
  type PartnerFormValues,
} from './partnerForm.ts'
import { PlaceSearch } from './PlaceSearch.tsx'
import { backofficeTitle, usePageTitle } from '@/src/pageTitle/index.ts'
import { useStatusOptions } from '../common/useStatusOptions.ts'

const categoryLabel = (category: CategoryInput) => category.label
const categoryKey = (category: CategoryInput) => category.label.toLocaleLowerCase('fr')
/** A saved category brings its icon's path; one typed in this form has only a name, looked up for the preview. */
function CategoryInputIcon({ category }: { category: CategoryInput & { iconPath?: string | null } }) {
  const saved = category.iconPath !== undefined
  const looked = useMdiIconPath(saved ? null : category.icon)
  return <CategoryIcon path={saved ? category.iconPath : looked} size={18} />
}
const categoryIcon = (category: CategoryInput) => <CategoryInputIcon category={category} />

/** What 'Comparer' shows after a 412, labelled as on the form. */
const comparedPartnerFields: ComparedField[] = [
  { name: 'status', label: 'Status' },
  { name: 'name', label: 'Dénomination' },
  { name: 'siren', label: 'Siren' },
  { name: 'description', label: 'Description' },
  { name: 'location.address', label: 'Adresse' },
  { name: 'location.city', label: 'Ville' },
  { name: 'location.position.lat', label: 'Latitude' },
  { name: 'location.position.lng', label: 'Longitude' },
  { name: 'email', label: 'Email' },
  { name: 'phone', label: 'Tél' },
  { name: 'representativeFirstName', label: 'Prénom Gérant' },
  { name: 'representativeLastName', label: 'Nom Gérant' },
  { name: 'categories', label: 'Catégories' },
]

/** 'Nouveau Partenaire' (/bo/partenaires/nouveau) and 'Edition' (/bo/partenaires/edit/:id). */
export function PartnerFormScreen() {
  const { id } = useParams()
  const isEdit = id !== undefined
  // 'Annuler' opened from a link (no page of the app before) goes to the list, not out of the app.
  const goBack = useBackofficeGoBack()
  const { data: partner, error, mutate: mutatePartner } = usePartner(id)
  useGoBackOnError(partner ? null : error)
  const edit = useVersionedEdit(partner, () => mutatePartner(getPartner(id as string), { revalidate: false }))
  const { data: statuses } = usePartnerStatuses()
  const { data: categories } = useCategories()
  const maps = useMaps()
  const createPartner = useCreatePartner()
  const updatePartner = useUpdatePartner()
  // The label typed as a new category, waiting for its icon.
  const [newCategory, setNewCategory] = useState<string | null>(null)

  const onSubmit = useSaveFlow({
    item: partner,
    toBody: valuesToPartnerBody,
    create: createPartner,
    update: (body, { partnerId }) => updatePartner({ ...body, partnerId }, edit.etag),
    consultPath: (created) => `/bo/partenaires/${created.partnerId.id}`,
    messages: { created: 'Le partenaire a été créé.', updated: 'Le partenaire a été modifié.' },
    onStale: edit.onStale,
  })
  // Stable objects: react-final-form would otherwise reset the form on every render.
  const initialValues = useMemo(() => (partner ? partnerToValues(partner) : emptyPartnerValues), [partner])
  const statusOptions = useStatusOptions(statuses)
  const categoryOptions = useMemo<CategoryInput[]>(() => categories ?? [], [categories])
  const title = isEdit ? 'Edition' : 'Nouveau Partenaire'

  // The edited item's name once loaded (null until then: nothing announced yet).
  const pageTitle = !isEdit ? title : partner ? `Edition : ${partner.name}` : null
  usePageTitle(pageTitle && backofficeTitle(pageTitle))

  return (
    <FormPage<PartnerFormValues>
      title={title}
      loading={isEdit && !partner ? { label: 'Chargement du partenaire', rows: 6 } : null}
      initialValues={initialValues}
      validate={validatePartner}
      onSubmit={onSubmit}
      onCancel={goBack}
      outside={(form) => (
        <CategoryIconDialog
          label={newCategory}
          onDone={(icon) => {
            if (newCategory) {
              const current = form.getState().values.categories ?? []
              form.change('categories', [...current, { label: newCategory, icon }])
            }
            setNewCategory(null)
          }}
        />
      )}
    >
      {(form) => (
        <FormGrid>
          {isEdit ? (
            <div data-span="full">
              <VersionConflictNotice
                edit={edit}
                toValues={partnerToValues}
                fields={comparedPartnerFields}
                what="ce partenaire"
              />
            </div>
          ) : null}
          <div data-span="full">
            <PlaceSearch
              service={maps.status === 'ready' ? maps.service : null}
              unavailableText={
                maps.status === 'loading'
                  ? 'Chargement de la recherche Google…'
                  : 'Recherche Google indisponible'
              }
              onPlace={(place) => {
                const next = applyPlace(form.getState().values, place)
                form.batch(() => {
                  form.change('name', next.name)
                  form.change('phone', next.phone)
                  form.change('location', next.location)
                  form.change('rating', next.rating)
                  form.change('userRatingsTotal', next.userRatingsTotal)
                })
              }}
            />
          </div>
          <FormSelect name="status" label="Status" options={statusOptions} required />
          <FormTextField name="name" label="Dénomination" autoComplete="off" required />
          <FormTextField name="siren" label="Siren" inputMode="numeric" autoComplete="off" />
          <div data-span="full">
            <FormTextField name="description" label="Description" multiline rows={4} required />
          </div>
          <FormTextField name="location.address" label="Adresse" autoComplete="off" required />
          <FormTextField name="location.city" label="Ville" autoComplete="off" required />
          <FormTextField
            name="location.position.lat"
            label="Latitude"
            inputMode="decimal"
            autoComplete="off"
            required
          />
          <FormTextField
            name="location.position.lng"
            label="Longitude"
            inputMode="decimal"
            autoComplete="off"
            required
          />
          <FormTextField name="email" label="Email" type="email" autoComplete="off" required />
          <FormTextField name="phone" label="Tél" type="tel" autoComplete="off" required />
          <FormTextField name="representativeFirstName" label="Prénom Gérant" autoComplete="off" />
          <FormTextField name="representativeLastName" label="Nom Gérant" autoComplete="off" />
          <div data-span="full">
            <Field<CategoryInput[]> name="categories">
              {({ input, meta }) => (
                <SearchCombobox<CategoryInput>
                  multiple
                  required
                  label="Catégories"
                  options={categoryOptions}
                  value={input.value || []}
                  onChange={input.onChange}
                  onBlur={() => input.onBlur()}
                  getOptionLabel={categoryLabel}
                  getOptionKey={categoryKey}
                  renderOptionIcon={categoryIcon}
                  onCreate={setNewCategory}
                  placeholder="Choisir ou saisir une catégorie"
                  error={fieldError(meta)}
                />
              )}
            </Field>
          </div>
        </FormGrid>
      )}
    </FormPage>
  )
}

export default PartnerFormScreen
