import { callApi } from '../client.ts'

/** POST /api/articles/image, multipart with the field `file`; the answer becomes the article's image. */
export function uploadArticleImage(file: File) {
  const body = new FormData()
  body.append('file', file)
  return callApi('uploadArticleImage', { body })
}
