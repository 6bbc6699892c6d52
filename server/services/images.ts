import { randomBytes } from 'node:crypto'
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { HttpError } from '../errors.ts'

const ACCEPTED = new Set(['jpeg', 'png', 'webp'])

/** Writes the bytes to a path; replaceable so tests can make the disk fail half-way (ENOSPC). */
export type FileWriter = (path: string, data: Buffer) => Promise<void>

export interface StoredImage {
  id: string
  type: string
  fileName: string
  url: string
}

export function uploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads')
}

export function imageUrl(fileName: string): string {
  return `/uploads/${fileName}`
}

/**
 * Recognises JPEG, PNG or WebP from the bytes (never the name or declared type), re-encodes to WebP
 * without metadata (EXIF, GPS...) under a server-chosen name. Written to a temp file then renamed,
 * so a failure (full disk) leaves no half-written image behind.
 */
export async function storeImage(
  dataDir: string,
  input: Buffer,
  write: FileWriter = writeFile,
): Promise<StoredImage> {
  let format: string | undefined
  try {
    format = (await sharp(input, { limitInputPixels: 50_000_000 }).metadata()).format
  } catch {
    format = undefined
  }
  if (!format || !ACCEPTED.has(format)) {
    throw new HttpError(
      415,
      'Format de fichier non pris en charge : envoyez une image JPEG, PNG ou WebP.',
      'file',
    )
  }
  let output: Buffer
  try {
    output = await sharp(input, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: 2400, height: 2400, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer()
  } catch {
    throw new HttpError(415, 'Cette image est illisible ou endommagée.', 'file')
  }
  return writeImage(dataDir, output, write)
}

export async function writeImage(
  dataDir: string,
  webp: Buffer,
  write: FileWriter = writeFile,
): Promise<StoredImage> {
  const dir = uploadsDir(dataDir)
  await mkdir(dir, { recursive: true })
  const id = randomBytes(12).toString('hex')
  const fileName = `${id}.webp`
  const tmp = join(dir, `.${fileName}.tmp`)
  try {
    await write(tmp, webp)
    await rename(tmp, join(dir, fileName))
  } catch (error) {
    await unlink(tmp).catch(() => {})
    const code = (error as { code?: string }).code
    if (code === 'ENOSPC' || code === 'EDQUOT') {
      throw new HttpError(507, 'Espace disque insuffisant pour enregistrer l’image.', 'file')
    }
    throw error
  }
  return { id, type: 'image/webp', fileName, url: imageUrl(fileName) }
}

export async function removeImageFile(dataDir: string, fileName: string): Promise<void> {
  // The name comes from our own table, but stay inside the uploads folder regardless.
  if (!/^[a-f0-9]{24}\.webp$/.test(fileName)) return
  await unlink(join(uploadsDir(dataDir), fileName)).catch(() => {})
}
