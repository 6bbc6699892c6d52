import type { FastifyRequest } from 'fastify'
import { badRequest, HttpError } from '../errors.ts'

/** The multipart plugin's error for a file over the size limit (errors.ts answers it in French, 413). */
const fileTooLarge = () =>
  Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE', statusCode: 413 })

/** Reads the single multipart field `file` into memory; the size limit (413) is enforced while streaming. */
export async function readUpload(request: FastifyRequest): Promise<Buffer> {
  return (await readUploadWithFields(request)).file
}

/** A text field of a multipart form; `truncated` when it went over the multipart plugin's `fieldSize`. */
export interface UploadField {
  value: string
  truncated: boolean
}

/**
 * readUpload, with the text fields sent before the file (those after it are not read: the file is handed over
 * as it streams in).
 */
export async function readUploadWithFields(
  request: FastifyRequest,
): Promise<{ file: Buffer; fields: Map<string, UploadField> }> {
  if (!request.isMultipart()) {
    throw new HttpError(
      415,
      'La requête doit être de type multipart/form-data avec un champ « file ».',
      'file',
    )
  }
  try {
    const part = await request.file()
    if (!part) throw badRequest('Le fichier est obligatoire (champ « file »).', 'file')
    if (part.fieldname !== 'file') {
      part.file.resume()
      throw badRequest('Le fichier doit être envoyé dans le champ « file ».', 'file')
    }
    const buffer = await part.toBuffer()
    // toBuffer() checks `truncated` as each chunk arrives; when busboy cuts the file at the limit after the
    // last chunk was read (timing: seen under load), it returns the first N bytes without error. Checked again
    // here, so an oversized file is always the plugin's own 413, never a cut file sent on to the image check.
    if (part.file.truncated) throw fileTooLarge()
    if (buffer.length === 0) throw badRequest('Le fichier envoyé est vide.', 'file')
    const fields = new Map<string, UploadField>()
    for (const [name, entry] of Object.entries(part.fields))
      if (entry && !Array.isArray(entry) && entry.type === 'field' && typeof entry.value === 'string')
        fields.set(name, { value: entry.value, truncated: entry.valueTruncated })
    return { file: buffer, fields }
  } catch (error) {
    // Limits (413) and our own refusals keep their answer; what the multipart parser itself throws (no
    // boundary, data ending before the closing boundary, a broken part header) is the client's malformed form.
    if (error instanceof HttpError || /^FST_/.test(String((error as { code?: unknown }).code))) throw error
    throw badRequest('Le formulaire envoyé est mal formé ou incomplet (multipart/form-data).', 'file')
  }
}

/** A size limit in megabytes (MiB, as MAX_UPLOAD_BYTES' default of 5 Mo), in French: « 5 », « 1,5 ». */
export const megabytes = (bytes: number) =>
  new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)

/** readUpload for an image: a file over the limit gets a 413 that says the limit. */
export async function readImageUpload(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  try {
    return await readUpload(request)
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, `Le fichier dépasse ${megabytes(maxBytes)} Mo.`, 'file')
    throw error
  }
}

export const uploadDescription = (maxBytes: number) =>
  `multipart/form-data, champ « file » : image JPEG, PNG ou WebP reconnue par son contenu (415 sinon), ${megabytes(maxBytes)} Mo au plus (413 au-delà, comme une image de plus de 50 millions de pixels). Ré-encodée en WebP sans métadonnées.`
