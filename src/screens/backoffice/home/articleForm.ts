import type { Article, ArticleBody, ArticleStatus, Image, LinkTarget } from '@/contract/schemas.ts'
import { isBlank, messages } from '../../forms/validation.ts'

export interface ArticleFormValues {
  title: string
  position: string
  status: ArticleStatus | ''
  /** The stored image (editing) or the one uploaded on save. */
  image: Image | null
  /** A picture chosen in the dialog, uploaded when saving. */
  file: File | null
  link: { text: string; url: string; target: LinkTarget }
}

export const emptyArticleValues: ArticleFormValues = {
  title: '',
  position: '',
  status: '',
  image: null,
  file: null,
  link: { text: '', url: '', target: '' },
}

export const articleToValues = (article: Article): ArticleFormValues => ({
  title: article.title,
  position: String(article.position),
  status: article.status,
  image: article.image,
  file: null,
  link: {
    text: article.link?.text ?? '',
    url: article.link?.url ?? '',
    target: article.link?.target ?? '',
  },
})

/**
 * Spec section 5: title, position and status required; link text and url require each other; a url requires a
 * target; the image is mandatory when creating.
 */
export function validateArticle(values: ArticleFormValues, creating: boolean): Record<string, unknown> {
  const errors: Record<string, unknown> = {}
  const link: Record<string, string> = {}
  if (isBlank(values.title)) errors.title = messages.required
  if (isBlank(values.position)) errors.position = messages.required
  else if (!/^-?\d+$/.test(values.position.trim())) errors.position = messages.integer
  if (isBlank(values.status)) errors.status = messages.required
  if (creating && !values.image && !values.file) errors.file = messages.imageRequired
  const hasText = !isBlank(values.link?.text)
  const hasUrl = !isBlank(values.link?.url)
  if (hasUrl && !hasText) link.text = messages.required
  if (hasText && !hasUrl) link.url = messages.required
  if (hasUrl && isBlank(values.link?.target)) link.target = messages.required
  if (Object.keys(link).length) errors.link = link
  return errors
}

/** The body to send; a link whose text is empty is sent as null (spec section 5). */
export function valuesToArticleBody(values: ArticleFormValues, image: Image | null): ArticleBody {
  const text = values.link.text.trim()
  return {
    title: values.title.trim(),
    position: Number(values.position.trim()),
    status: values.status as ArticleStatus,
    image,
    link: text ? { text, url: values.link.url.trim(), target: values.link.target } : null,
  }
}

/** The target choice: none, new tab, same page. */
export const linkTargetOptions: { value: LinkTarget; label: string }[] = [
  { value: '', label: 'Aucune' },
  { value: '_blank', label: 'Nouvel onglet' },
  { value: '_self', label: 'Même page' },
]
