import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import styled from 'styled-components'
import type { OfferUseCheck } from '@/contract/offerUses.ts'
import { DEFAULT_TIME_ZONE, zonedDate } from '@/contract/zonedDate.ts'
import { useClientConfig } from '@/src/api/config.ts'
import { ApiError } from '@/src/api/client.ts'
import { checkOfferUse } from '@/src/api/offerUses/checkOfferUse.ts'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { TextField } from '@/src/design-system/components/TextField/index.ts'
import { SectionTitle } from '../common/Panel.tsx'
import { theme } from '@/src/design-system/theme/index.ts'

export const VERIFY_CODE_TITLE = 'Vérifier un code'

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]}px;
  padding: ${theme.space[4]}px;
  border: 1px solid ${theme.colors.divider};
  border-radius: ${theme.radii.md};
`

const Form = styled.form`
  display: flex;
  max-width: 560px;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${theme.space[2]}px;
  & > :first-child {
    flex: 1 1 220px;
  }
`

const Result = styled.dl`
  display: grid;
  max-width: 560px;
  box-sizing: border-box;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 4px 12px;
  margin: 0;
  padding: ${theme.space[3]}px;
  border-left: 4px solid ${theme.colors.success};
  background: ${theme.colors.successBg};
  border-radius: ${theme.radii.sm};
  dt {
    color: ${theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  a {
    color: ${theme.colors.primary};
  }
  &[data-reactivated] {
    border-left-color: ${theme.colors.warning};
    background: ${theme.colors.warningBg};
  }
`

/**
 * 'Vérifier un code' (issue 41): the code a person shows at the till, typed as read (any case, spaces or dashes),
 * gives the use it names: who, which offer of which partner, when, and whether it was given back since.
 */
export function VerifyCodePanel() {
  const timeZone = useClientConfig().data?.timeZone ?? DEFAULT_TIME_ZONE
  const [code, setCode] = useState('')
  const [found, setFound] = useState<OfferUseCheck | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [checking, setChecking] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!code.trim()) {
      setError('Saisissez le code à vérifier')
      return
    }
    setChecking(true)
    setError(null)
    setFound(null)
    try {
      setFound(await checkOfferUse(code.trim()))
    } catch (failure) {
      if (failure instanceof ApiError && (failure.status === 400 || failure.status === 404))
        setError(failure.message)
    } finally {
      setChecking(false)
    }
  }

  const who = found && (`${found.firstname} ${found.lastname}`.trim() || found.email)
  return (
    <Section aria-labelledby="verifier-code">
      <SectionTitle id="verifier-code">{VERIFY_CODE_TITLE}</SectionTitle>
      <Form onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label="Code montré par la personne"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <Button type="submit" loading={checking}>
          Vérifier
        </Button>
      </Form>
      {found ? (
        <Result
          aria-label={`Utilisation du code ${found.code}`}
          data-reactivated={found.reactivatedAt ? '' : undefined}
        >
          <dt>Code</dt>
          <dd>{found.code}</dd>
          <dt>Utilisé par</dt>
          <dd>
            <Link to={`/bo/utilisateurs/${found.userId.id}`}>{who}</Link> ({found.email})
          </dd>
          <dt>Offre</dt>
          <dd>{found.libelle}</dd>
          <dt>Partenaire</dt>
          <dd>
            <Link to={`/bo/partenaires/${found.partnerId.id}`}>{found.partnerName}</Link>
          </dd>
          <dt>Date</dt>
          <dd>
            <time dateTime={found.usedAt}>{zonedDate(found.usedAt, timeZone, true)}</time>
          </dd>
          {found.reactivatedAt ? (
            <>
              <dt>Réactivé</dt>
              <dd>
                le{' '}
                <time dateTime={found.reactivatedAt}>{zonedDate(found.reactivatedAt, timeZone, true)}</time> :
                ce coupon a été rendu à la personne
              </dd>
            </>
          ) : null}
        </Result>
      ) : null}
    </Section>
  )
}
