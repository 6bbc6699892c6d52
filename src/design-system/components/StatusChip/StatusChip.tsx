import styled from 'styled-components'
import { theme } from '@/src/design-system/theme/index.ts'

/** French labels of the server's status codes. */
export const statusLabels: Record<string, string> = {
  ACTIF: 'Actif',
  PROSPECT: 'Prospect',
  DESACTIVE: 'Désactivé',
  PUBLISHED: 'Publié',
  DRAFT: 'Brouillon',
  ENABLED: 'Activé',
  DISABLED: 'Désactivé',
}

// Static CSS (tokens from the theme module): one chip per table row.
const Root = styled.span`
  display: inline-flex;
  align-items: center;
  min-height: 24px;
  padding: 2px 10px;
  border-radius: ${theme.radii.pill};
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.bold};
  white-space: nowrap;
  background: ${theme.colors.surfaceMuted};
  color: ${theme.colors.text};
  ${Object.entries(theme.status)
    .map(([code, { fg, bg }]) => `&[data-status='${code}'] { background: ${bg}; color: ${fg}; }`)
    .join('\n')}
`

export interface StatusChipProps {
  /**
   * Le code du statut (ACTIF, PROSPECT, DESACTIVE, PUBLISHED, DRAFT, ENABLED, DISABLED) : il choisit la couleur
   * et le libellé.
   */
  status: string
  /** Remplace le libellé (par exemple celui donné par le serveur) ; par défaut le libellé français du code. */
  label?: string
  /** Classe CSS ajoutée à la puce. */
  className?: string
}

/** A status shown as a coloured chip (ACTIF green, PROSPECT orange, DESACTIVE red; Publié green, Brouillon red). */
export function StatusChip({ status, label, className }: StatusChipProps) {
  const known = status in theme.status
  return (
    <Root data-status={known ? status : undefined} className={className}>
      {label ?? statusLabels[status] ?? status}
    </Root>
  )
}
