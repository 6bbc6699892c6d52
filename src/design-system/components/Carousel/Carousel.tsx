import { useCallback, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react'
import { useDrag } from '@use-gesture/react'
import styled from 'styled-components'
import { Icon, mdiChevronLeft, mdiChevronRight, mdiPause, mdiPlay } from '@/src/design-system/icons/index.ts'
import { roundIconButton } from '@/src/design-system/theme/mixins.ts'
import { theme } from '@/src/design-system/theme/theme.ts'

/** Spec section 9: the home carousel changes slide every 6000 ms by default. */
export const CAROUSEL_INTERVAL = 6000

const reducedMotionQuery = '(prefers-reduced-motion: reduce)'
function subscribeReducedMotion(onChange: () => void) {
  const media = window.matchMedia(reducedMotionQuery)
  media.addEventListener('change', onChange)
  return () => media.removeEventListener('change', onChange)
}
const prefersReducedMotion = () => window.matchMedia(reducedMotionQuery).matches

const Root = styled.section`
  position: relative;
  width: 100%;
  overflow: hidden;
  background: ${theme.colors.surfaceMuted};
  height: var(--carousel-height);
  &[data-full-height='true'] {
    height: 100%;
    min-height: 200px;
  }
`

const Track = styled.div`
  display: flex;
  height: 100%;
  touch-action: pan-y;
  transition: transform 350ms ease-out;
  will-change: transform;
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`

const Slide = styled.div`
  flex: 0 0 100%;
  height: 100%;
  min-width: 0;
  overflow: hidden;
  & img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`

/*
 * The controls sit on any photo: a white ring inside a navy one is visible on light and dark images alike
 * (WCAG 2.4.11 / 1.4.11: at least 3:1 against whatever is next to it).
 */
const focusRing = `
  &:focus-visible {
    outline: 3px solid ${theme.colors.onDark};
    outline-offset: 0;
    box-shadow: 0 0 0 6px ${theme.colors.focusOuter};
  }
`

/*
 * A strip across the whole width to centre the dots: it lets taps through (only the dots take them) and keeps
 * clear of the pause button's corner, which it used to cover, so the button answered the keyboard only.
 */
const Dots = styled.div`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 8px;
  display: flex;
  justify-content: center;
  gap: 2px;
  padding: 0 48px;
  pointer-events: none;
`

const Dot = styled.button`
  pointer-events: auto;
  width: 24px;
  height: 24px;
  padding: 0;
  border: 0;
  background: transparent;
  cursor: pointer;
  &::before {
    content: '';
    display: block;
    width: 10px;
    height: 10px;
    margin: auto;
    border-radius: 50%;
    background: rgba(255, 255, 255, 0.65);
    box-shadow: 0 0 0 1px rgba(0, 0, 0, 0.35);
  }
  &[aria-current='true']::before {
    background: ${theme.colors.onDark};
    transform: scale(1.25);
  }
  border-radius: 50%;
  ${focusRing}
`

const Arrow = styled.button`
  position: absolute;
  top: 50%;
  ${roundIconButton(40)}
  margin-top: -20px;
  background: rgba(0, 0, 0, 0.55);
  color: ${theme.colors.onDark};
  &[data-side='prev'] {
    left: 8px;
  }
  &[data-side='next'] {
    right: 8px;
  }
  ${focusRing}
`

const PauseButton = styled.button`
  position: absolute;
  left: 8px;
  bottom: 6px;
  ${roundIconButton(32)}
  background: rgba(0, 0, 0, 0.55);
  color: ${theme.colors.onDark};
  ${focusRing}
`

export const PAUSE_LABEL = 'Mettre en pause le défilement'
export const PLAY_LABEL = 'Reprendre le défilement'

export interface CarouselProps {
  /** Une diapositive par élément (une image, une carte d’article…). */
  slides: ReactNode[]
  /** Nom du carrousel pour le lecteur d’écran, par exemple « Articles » ou « Photos du partenaire ». */
  label: string
  /** Délai du défilement automatique en millisecondes (6000 par défaut) ; 0 l’arrête. */
  interval?: number
  /** Hauteur en pixels ou toute longueur CSS (200 par défaut) ; ignorée avec `fullHeight`. */
  height?: number | string
  /** Occupe toute la hauteur de son conteneur (page d’accueil). */
  fullHeight?: boolean
  /** Boutons précédent et suivant (affichés par défaut dès qu’il y a plus d’une diapositive). */
  showArrows?: boolean
  /** Appelée avec le numéro de la nouvelle diapositive. */
  onIndexChange?: (index: number) => void
  /** Classe CSS ajoutée à l’élément racine. */
  className?: string
}

/**
 * Slides that cycle by themselves (paused on hover and focus and by the pause button, and off when the user
 * prefers reduced motion), with dots, previous/next buttons and swipe.
 */
export function Carousel({
  slides,
  label,
  interval = CAROUSEL_INTERVAL,
  height = 200,
  fullHeight = false,
  showArrows = true,
  onIndexChange,
  className,
}: CarouselProps) {
  const count = slides.length
  const [rawIndex, setIndex] = useState(0)
  const index = count === 0 ? 0 : Math.min(rawIndex, count - 1)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  // WCAG 2.2.2: touch users can neither hover nor focus to stop the slides, so a button does it.
  const [paused, setPaused] = useState(false)
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false)
  const cycles = interval > 0 && count > 1 && !reducedMotion
  const autoPlaying = cycles && !paused && !hovered && !focused

  const goTo = useCallback(
    (next: number) => {
      if (count === 0) return
      const wrapped = (next + count) % count
      setIndex(wrapped)
      onIndexChange?.(wrapped)
    },
    [count, onIndexChange],
  )

  useEffect(() => {
    if (!autoPlaying) return
    const timer = window.setInterval(() => goTo(index + 1), interval)
    return () => window.clearInterval(timer)
  }, [autoPlaying, goTo, index, interval])

  const bind = useDrag(
    ({ swipe: [swipeX] }) => {
      if (swipeX < 0) goTo(index + 1)
      else if (swipeX > 0) goTo(index - 1)
    },
    { axis: 'x', filterTaps: true },
  )

  return (
    <Root
      aria-roledescription="carrousel"
      aria-label={label}
      data-full-height={fullHeight}
      className={className}
      style={
        fullHeight
          ? undefined
          : { ['--carousel-height' as string]: typeof height === 'number' ? `${height}px` : height }
      }
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
      }}
    >
      <Track
        {...bind()}
        aria-live={autoPlaying ? 'off' : 'polite'}
        style={{ transform: `translateX(-${index * 100}%)` }}
      >
        {slides.map((slide, i) => (
          <Slide
            key={i}
            role="group"
            aria-roledescription="diapositive"
            aria-label={`${i + 1} sur ${count}`}
            aria-hidden={i !== index}
            inert={i !== index}
          >
            {slide}
          </Slide>
        ))}
      </Track>
      {count > 1 && showArrows ? (
        <>
          <Arrow
            type="button"
            data-side="prev"
            aria-label="Diapositive précédente"
            onClick={() => goTo(index - 1)}
          >
            <Icon path={mdiChevronLeft} size={26} />
          </Arrow>
          <Arrow
            type="button"
            data-side="next"
            aria-label="Diapositive suivante"
            onClick={() => goTo(index + 1)}
          >
            <Icon path={mdiChevronRight} size={26} />
          </Arrow>
        </>
      ) : null}
      {cycles ? (
        <PauseButton
          type="button"
          aria-label={paused ? PLAY_LABEL : PAUSE_LABEL}
          onClick={() => setPaused((current) => !current)}
        >
          <Icon path={paused ? mdiPlay : mdiPause} size={20} />
        </PauseButton>
      ) : null}
      {count > 1 ? (
        <Dots>
          {slides.map((_, i) => (
            <Dot
              key={i}
              type="button"
              aria-label={`Aller à la diapositive ${i + 1}`}
              aria-current={i === index}
              onClick={() => goTo(i)}
            />
          ))}
        </Dots>
      ) : null}
    </Root>
  )
}
