import { useState } from 'react'
import styled from 'styled-components'
import {
  Icon,
  mdiChevronLeft,
  mdiChevronRight,
  mdiDelete,
  mdiImage,
} from '@/src/design-system/icons/index.ts'
import { Dialog } from '../Dialog/index.ts'
import { Spinner } from '../Spinner/index.ts'
import { theme } from '@/src/design-system/theme/theme.ts'

export interface Photo {
  id: string
  url: string
  /** Alternative text; default 'Photo n'. */
  alt?: string
}

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
`

const Cell = styled.li`
  position: relative;
  aspect-ratio: 1;
  overflow: hidden;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceMuted};
`

const Thumb = styled.button`
  display: block;
  width: 100%;
  height: 100%;
  padding: 0;
  border: 0;
  background: none;
  cursor: zoom-in;
  & img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  &:focus-visible {
    outline-offset: -3px;
  }
`

const DeleteButton = styled.button`
  position: absolute;
  top: 4px;
  right: 4px;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: rgba(0, 0, 0, 0.6);
  color: ${theme.colors.onDark};
  cursor: pointer;
  &:hover {
    background: ${theme.colors.danger};
  }
`

const Uploading = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 8px;
  height: 100%;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.xs};
`

const Viewer = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  justify-content: center;
  width: 100%;
  height: 100%;
  & img {
    max-width: 100%;
    max-height: 100%;
    object-fit: contain;
  }
`

const Nav = styled.button`
  position: absolute;
  top: 50%;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 48px;
  height: 48px;
  margin-top: -24px;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: rgba(255, 255, 255, 0.16);
  color: ${theme.colors.onDark};
  cursor: pointer;
  &[data-side='prev'] {
    left: 12px;
  }
  &[data-side='next'] {
    right: 12px;
  }
  &:focus-visible {
    outline-color: ${theme.colors.onDark};
  }
`

const Counter = styled.p`
  position: absolute;
  bottom: 12px;
  left: 0;
  right: 0;
  margin: 0;
  text-align: center;
  color: ${theme.colors.onDark};
  font-size: ${theme.fontSizes.sm};
`

export interface PhotoGridProps {
  /** Les photos, dans l’ordre d’affichage, avec leur texte alternatif. */
  photos: Photo[]
  /** Ajoute un bouton « Supprimer la photo » sur chaque vignette. */
  onDelete?: (photo: Photo) => void
  /** Vignettes d’attente pour les envois en cours (`true` : une seule, ou leur nombre). */
  uploading?: boolean | number
  /** Affiché quand il n’y a aucune photo ni envoi en cours, « Aucune photo » par défaut. */
  emptyMessage?: string
  /** Classe CSS ajoutée à la grille. */
  className?: string
}

/** Photo thumbnails; a click opens a full-screen viewer with previous/next (buttons and arrow keys). */
export function PhotoGrid({
  photos,
  onDelete,
  uploading = false,
  emptyMessage = 'Aucune photo',
  className,
}: PhotoGridProps) {
  const [viewing, setViewing] = useState<number | null>(null)
  const pending = uploading === true ? 1 : uploading === false ? 0 : uploading
  const count = photos.length
  const current = viewing !== null && viewing < count ? viewing : null
  const alt = (photo: Photo, i: number) => photo.alt ?? `Photo ${i + 1}`
  const step = (delta: number) => setViewing((i) => (i === null ? null : (i + delta + count) % count))

  if (count === 0 && pending === 0) {
    return (
      <Uploading className={className} role="status">
        <Icon path={mdiImage} size={32} />
        {emptyMessage}
      </Uploading>
    )
  }
  return (
    <>
      <Grid className={className}>
        {photos.map((photo, i) => (
          <Cell key={photo.id}>
            <Thumb type="button" aria-label={`Agrandir : ${alt(photo, i)}`} onClick={() => setViewing(i)}>
              <img src={photo.url} alt="" loading="lazy" />
            </Thumb>
            {onDelete ? (
              <DeleteButton type="button" aria-label="Supprimer la photo" onClick={() => onDelete(photo)}>
                <Icon path={mdiDelete} size={20} />
              </DeleteButton>
            ) : null}
          </Cell>
        ))}
        {Array.from({ length: pending }, (_, i) => (
          <Cell key={`uploading-${i}`} data-testid="photo-uploading">
            <Uploading role="status">
              <Spinner size={28} />
              Envoi en cours…
            </Uploading>
          </Cell>
        ))}
      </Grid>
      <Dialog
        open={current !== null}
        onOpenChange={(open) => {
          if (!open) setViewing(null)
        }}
        title={current !== null ? alt(photos[current], current) : 'Photo'}
        hideTitle
        fullScreen
      >
        {current !== null ? (
          <Viewer
            onKeyDown={(event) => {
              if (event.key === 'ArrowLeft') step(-1)
              if (event.key === 'ArrowRight') step(1)
            }}
          >
            <img src={photos[current].url} alt={alt(photos[current], current)} />
            {count > 1 ? (
              <>
                <Nav type="button" data-side="prev" aria-label="Photo précédente" onClick={() => step(-1)}>
                  <Icon path={mdiChevronLeft} size={32} />
                </Nav>
                <Nav type="button" data-side="next" aria-label="Photo suivante" onClick={() => step(1)}>
                  <Icon path={mdiChevronRight} size={32} />
                </Nav>
              </>
            ) : null}
            <Counter>
              {current + 1} / {count}
            </Counter>
          </Viewer>
        ) : null}
      </Dialog>
    </>
  )
}
