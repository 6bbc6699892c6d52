import { useEffect, useMemo } from 'react'
import { Field } from 'react-final-form'
import styled from 'styled-components'
import type { Article, Image } from '@/contract/schemas.ts'
import { useCreateArticle } from '@/src/api/articles/createArticle.ts'
import { getArticle, useArticle } from '@/src/api/articles/getArticle.ts'
import { useArticleStatuses } from '@/src/api/articles/getArticleStatuses.ts'
import { useUpdateArticle } from '@/src/api/articles/updateArticle.ts'
import { uploadArticleImage } from '@/src/api/articles/uploadArticleImage.ts'
import { FileUploadButton } from '@/src/design-system/components/FileUploadButton/index.ts'
import { HelperText } from '@/src/design-system/components/TextField/index.ts'
import { Icon, mdiImage } from '@/src/design-system/icons/index.ts'
import { FormDialog } from '../common/FormDialog.tsx'
import { FormGrid } from '../common/FormGrid.tsx'
import { FormSelect } from '../common/FormSelect.tsx'
import { FormTextField, fieldError } from '../../forms/FormTextField.tsx'
import { useStatusOptions } from '../common/useStatusOptions.ts'
import { useSubmitFlow } from '../common/useSubmitFlow.ts'
import { useVersionedEdit, VersionConflictNotice, type ComparedField } from '../common/versionConflict.tsx'
import {
  articleToValues,
  emptyArticleValues,
  linkTargetOptions,
  validateArticle,
  valuesToArticleBody,
  type ArticleFormValues,
} from './articleForm.ts'
import { theme } from '@/src/design-system/theme/index.ts'

const ImageRow = styled.div`
  display: flex;
  align-items: flex-end;
  gap: ${theme.space[4]}px;
`

const Preview = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 120px;
  aspect-ratio: 400 / 550;
  overflow: hidden;
  border: 1px dashed ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceMuted};
  color: ${theme.colors.textMuted};
  &[data-invalid='true'] {
    border-color: ${theme.colors.danger};
  }
  & > img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`

const ImageControls = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]}px;
`

/** The chosen file (before upload) or the stored image. */
function ImagePreview({
  file,
  image,
  invalid,
}: {
  file: File | null
  image: Image | null
  invalid: boolean
}) {
  const fileUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file])
  useEffect(
    () => () => {
      if (fileUrl) URL.revokeObjectURL(fileUrl)
    },
    [fileUrl],
  )
  const url = fileUrl ?? image?.url
  return (
    <Preview data-invalid={invalid}>
      {url ? <img src={url} alt="Aperçu de l'image" /> : <Icon path={mdiImage} size={40} />}
    </Preview>
  )
}

/** What 'Comparer' shows after a 412, labelled as in the dialog. */
const comparedArticleFields: ComparedField[] = [
  { name: 'title', label: 'Titre' },
  { name: 'position', label: 'Position' },
  { name: 'status', label: 'Status' },
  { name: 'link.text', label: 'Texte du lien' },
  { name: 'link.url', label: 'URL du lien' },
  { name: 'link.target', label: 'Cible du lien' },
]

export interface ArticleDialogProps {
  /** The page being edited; null to add one. */
  article: Article | null
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Pre-filled position of a new page. */
  nextPosition: number
}

/**
 * 'Ajouter une page' / 'Editier une page' (spelled as the spec spells it): image, title, position, status, link.
 * An edit reads the article on opening and saves over that version (If-Match): changed since by another
 * administrator, the server answers 412 and the dialog says so, with 'Recharger' and 'Comparer', keeping what
 * was typed.
 */
export function ArticleDialog({ article, open, onOpenChange, nextPosition }: ArticleDialogProps) {
  const creating = article === null
  const articleId = open && article ? article.articleId.id : null
  const { data: statuses } = useArticleStatuses()
  const createArticle = useCreateArticle()
  const updateArticle = useUpdateArticle()
  // The list carries no versions: the article's own read gives the ETag the edit starts from.
  const { data: read, mutate: mutateArticle } = useArticle(articleId)
  const edit = useVersionedEdit(read, () => mutateArticle(getArticle(articleId!), { revalidate: false }))
  const { clear } = edit
  const statusOptions = useStatusOptions(statuses)
  const onSubmit = useSubmitFlow<ArticleFormValues, unknown>({
    send: async (values, form) => {
      let image = values.image
      if (values.file) {
        image = await uploadArticleImage(values.file)
        // Kept in the form: a retry after a failed save does not upload the picture again.
        form.batch(() => {
          form.change('image', image)
          form.change('file', null)
        })
      }
      const body = valuesToArticleBody(values, image)
      clear()
      return article
        ? updateArticle({ ...body, articleId: article.articleId }, edit.etag)
        : createArticle(body)
    },
    successMessage: creating ? 'La page a été ajoutée.' : 'La page a été modifiée.',
    onSuccess: () => onOpenChange(false),
    onStale: edit.onStale,
  })
  const initialValues = useMemo(
    () => (article ? articleToValues(article) : { ...emptyArticleValues, position: String(nextPosition) }),
    [article, nextPosition],
  )

  return (
    <FormDialog<ArticleFormValues>
      key={`${open}-${article?.articleId.id ?? 'nouvelle'}`}
      open={open}
      onOpenChange={(next) => {
        // A conflict belongs to this opening: the next one starts from the article as then read.
        if (!next) clear()
        onOpenChange(next)
      }}
      title={creating ? 'Ajouter une page' : 'Editier une page'}
      confirmLabel="Enregistrer"
      initialValues={initialValues}
      validate={(values) => validateArticle(values, creating)}
      onSubmit={onSubmit}
    >
      {article ? (
        <VersionConflictNotice
          edit={edit}
          toValues={articleToValues}
          fields={comparedArticleFields}
          what="cette page"
        />
      ) : null}
      <Field<File | null> name="file">
        {({ input, meta }) => {
          const error = fieldError(meta)
          return (
            <Field<Image | null> name="image" subscription={{ value: true }}>
              {({ input: image }) => (
                <ImageRow>
                  <ImagePreview
                    file={input.value || null}
                    image={image.value || null}
                    invalid={Boolean(error)}
                  />
                  <ImageControls>
                    <FileUploadButton
                      variant="outlined"
                      accept="image/*"
                      name="image"
                      // What a refused submit focuses first when the image is missing.
                      aria-invalid={error ? true : undefined}
                      onFile={(file) => {
                        input.onChange(file)
                        input.onBlur()
                      }}
                    >
                      {input.value || image.value ? "Changer l'image" : 'Choisir une image'}
                    </FileUploadButton>
                    {error ? (
                      <HelperText data-error="true" role="alert">
                        {error}
                      </HelperText>
                    ) : null}
                  </ImageControls>
                </ImageRow>
              )}
            </Field>
          )
        }}
      </Field>
      <FormTextField name="title" label="Titre" autoComplete="off" required />
      <FormGrid>
        <FormTextField name="position" label="Position" inputMode="numeric" autoComplete="off" required />
        <FormSelect name="status" label="Status" options={statusOptions} required />
      </FormGrid>
      <FormTextField name="link.text" label="Texte du lien" autoComplete="off" />
      <FormGrid>
        <FormTextField
          name="link.url"
          label="URL du lien"
          autoComplete="off"
          helperText="Une adresse commençant par http(s) s'ouvre en lien externe ; sinon, c'est une page de l'application."
        />
        <FormSelect name="link.target" label="Cible du lien" options={linkTargetOptions} />
      </FormGrid>
    </FormDialog>
  )
}
