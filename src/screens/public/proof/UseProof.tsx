import { useEffect, useState } from 'react'
import { format, parseISO } from 'date-fns'
import { fr } from 'date-fns/locale'
import styled, { keyframes } from 'styled-components'
import { DeferredDialog } from '@/src/design-system/components/Dialog/DeferredDialog.tsx'
import { Icon, mdiCheckCircle } from '@/src/design-system/icons/index.ts'
import { theme } from '@/src/design-system/theme/index.ts'

export const PROOF_TITLE = 'Offre utilisée'
export const PROOF_HINT =
  'Montrez cet écran au commerçant : l’heure avance et le fond bouge, une capture d’écran ne le fait pas.'

/** What the proof shows: all of it is in the client once the use is answered, so it shows offline too. */
export interface UseProofData {
  partnerName: string
  libelle: string
  code: string
  /** ISO 8601 */
  usedAt: string
}

/** 'Utilisée le 15 juin 2026 à 10:00', in the person's time zone. */
export const usedAtLabel = (usedAt: string) =>
  `Utilisée le ${format(parseISO(usedAt), "d MMMM yyyy 'à' HH:mm", { locale: fr })}`

/** The time now, to the second, read again every quarter second so a second never shows late. */
function useSecondClock(now: () => number) {
  const second = () => Math.floor(now() / 1000) * 1000
  const [time, setTime] = useState(second)
  useEffect(() => {
    const id = window.setInterval(() => setTime(Math.floor(now() / 1000) * 1000), 250)
    return () => window.clearInterval(id)
  }, [now])
  return time
}

// The background drifts and a ring turns around the code without end: a screenshot freezes both (and the
// clock), which is what tells the cashier a live screen from a picture of one.
const drift = keyframes`
  from { background-position: 0% 50%; }
  to { background-position: 200% 50%; }
`
const turn = keyframes`
  to { transform: rotate(1turn); }
`
const beat = keyframes`
  50% { transform: scale(1.35); opacity: 0.55; }
`

const Proof = styled.div`
  position: relative;
  flex: 1;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${theme.space[3]}px;
  padding: ${theme.space[5]}px ${theme.space[4]}px;
  overflow-y: auto;
  text-align: center;
  color: ${theme.colors.onDark};
  background: linear-gradient(
    110deg,
    ${theme.colors.successDark},
    ${theme.colors.primaryDark},
    ${theme.colors.successDark}
  );
  background-size: 200% 100%;
  animation: ${drift} 6s linear infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`

const Partner = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.xl};
  font-weight: ${theme.fontWeights.bold};
  overflow-wrap: anywhere;
`

const Offer = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
  overflow-wrap: anywhere;
`

const CodeFrame = styled.div`
  position: relative;
  margin: ${theme.space[3]}px 0;
  padding: 6px;
  border-radius: ${theme.radii.lg};
  overflow: hidden;
  isolation: isolate;
  &::before {
    content: '';
    position: absolute;
    inset: -50%;
    z-index: -1;
    background: conic-gradient(
      ${theme.colors.warningFill},
      ${theme.colors.onDark},
      ${theme.colors.secondary},
      ${theme.colors.warningFill}
    );
    animation: ${turn} 3s linear infinite;
  }
  @media (prefers-reduced-motion: reduce) {
    &::before {
      animation: none;
    }
  }
`

const Code = styled.p`
  margin: 0;
  padding: ${theme.space[3]}px ${theme.space[4]}px;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font-family: ${theme.fonts.mono};
  font-size: 3rem;
  font-weight: ${theme.fontWeights.bold};
  letter-spacing: 0.18em;
  line-height: 1;
`

const CodeCaption = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  text-transform: uppercase;
  letter-spacing: 0.08em;
`

const Clock = styled.p`
  display: flex;
  align-items: center;
  gap: ${theme.space[2]}px;
  margin: 0;
  font-size: ${theme.fontSizes.xxl};
  font-weight: ${theme.fontWeights.bold};
  font-variant-numeric: tabular-nums;
  /* The seconds tick whatever the motion setting: the live sign that stays when animations are off. */
  &::before {
    content: '';
    width: 12px;
    height: 12px;
    border-radius: ${theme.radii.round};
    background: ${theme.colors.warningFill};
    animation: ${beat} 1s ease-in-out infinite;
  }
  @media (prefers-reduced-motion: reduce) {
    &::before {
      animation: none;
    }
  }
`

const Small = styled.p`
  margin: 0;
  max-width: 32em;
  font-size: ${theme.fontSizes.sm};
`

export interface UseProofProps {
  /** La preuve à montrer ; `null` ferme l’écran. */
  proof: UseProofData | null
  /** Appelée quand la personne ferme l’écran (Fermer, Échap). */
  onClose: () => void
  /** D’où vient l’heure affichée (`Date.now` par défaut) ; les histoires la fixent pour leurs images. */
  now?: () => number
}

function ProofBody({ proof, now }: { proof: UseProofData; now: () => number }) {
  const time = useSecondClock(now)
  return (
    <Proof data-testid="use-proof">
      <Icon path={mdiCheckCircle} size={48} />
      <Partner>{proof.partnerName}</Partner>
      <Offer>{proof.libelle}</Offer>
      <CodeFrame>
        <Code aria-describedby="code-preuve" data-testid="use-proof-code">
          {proof.code}
        </Code>
      </CodeFrame>
      <CodeCaption id="code-preuve">Code de l’utilisation</CodeCaption>
      <Small>
        <time dateTime={proof.usedAt}>{usedAtLabel(proof.usedAt)}</time>
      </Small>
      <Clock aria-label="Heure actuelle">
        <time data-testid="use-proof-clock" dateTime={new Date(time).toISOString()}>
          {format(time, 'HH:mm:ss')}
        </time>
      </Clock>
      <Small>{PROOF_HINT}</Small>
    </Proof>
  )
}

/**
 * The full-screen proof of a coupon use, shown right after the swipe and again from 'Mes coupons utilisés' for
 * 15 minutes: partner, offer, the use's code in large type, its date, and a clock whose seconds tick over a
 * background that never stops moving (reduced motion: still, the clock ticking).
 */
export function UseProof({ proof, onClose, now = Date.now }: UseProofProps) {
  return (
    <DeferredDialog
      open={proof !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={PROOF_TITLE}
      fullScreen
      cancelLabel={null}
    >
      {proof ? <ProofBody proof={proof} now={now} /> : null}
    </DeferredDialog>
  )
}
