import { callApi } from '../client.ts'

/** POST /api/imports/partners/preview: the file read and checked, nothing written; errors listed per line. */
export function previewPartnerImport(file: File, createCategories: boolean) {
  const body = new FormData()
  body.append('file', file)
  // The screen shows a refused file (bad columns, too large) in place.
  return callApi('previewPartnerImport', { query: { createCategories }, body }, { shownByCaller: true })
}
