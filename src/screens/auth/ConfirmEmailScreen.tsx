import { useEffect, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import styled from 'styled-components'
import type { EmailConfirmed } from '@/contract/account.ts'
import { confirmEmailChange } from '@/src/api/account/confirmEmailChange.ts'
import { getMyAccount } from '@/src/api/account/getMyAccount.ts'
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/src/api/client.ts'
import { Alert } from '@/src/design-system/index.ts'
import { Spinner } from '@/src/design-system/components/Spinner/index.ts'
import { ACCOUNT_TITLES, usePageTitle } from '@/src/pageTitle/index.ts'
import { useSession } from '@/src/session/index.ts'
import { AuthLayout, AuthLinks } from './AuthLayout.tsx'
import { theme } from '@/src/design-system/theme/index.ts'

const Waiting = styled.p`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space[3]}px;
  margin: 0;
`

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]}px;
`

export const MISSING_TOKEN_MESSAGE =
  'Ce lien de confirmation est incomplet. Ouvrez le lien reçu par e-mail tel quel, ou demandez-en un nouveau depuis « Mon compte ».'

type Outcome =
  | { state: 'confirming' }
  | { state: 'confirmed'; answer: EmailConfirmed }
  | { state: 'failed'; message: string }

/**
 * /confirmer-email?token=…: the page the link mailed to a new address opens. It confirms at once (POST
 * /api/auth/confirm-email) and says so; signed in or not, as the link is often opened on another device. On this
 * device's session, the new address replaces the old one (the Menu shows it).
 */
export function ConfirmEmailScreen() {
  usePageTitle(ACCOUNT_TITLES.confirmEmail)
  const [params] = useSearchParams()
  const token = params.get('token')
  const { user, signIn } = useSession()
  const [outcome, setOutcome] = useState<Outcome>(() =>
    token ? { state: 'confirming' } : { state: 'failed', message: MISSING_TOKEN_MESSAGE },
  )
  // A link works once: the request is sent once, even when StrictMode runs the effect twice.
  const sent = useRef(false)

  useEffect(() => {
    if (!token || sent.current) return
    sent.current = true
    confirmEmailChange({ token }).then(
      async (answer) => {
        setOutcome({ state: 'confirmed', answer })
        if (!user) return
        // Whose address changed is the link's business: this session takes it only if it is its account's.
        const account = await getMyAccount().catch(() => null)
        if (account && account.userId.id === user.userId.id && account.email !== user.email)
          signIn({ ...user, email: account.email })
      },
      (error: unknown) =>
        setOutcome({
          state: 'failed',
          message: error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE,
        }),
    )
  }, [token, user, signIn])

  return (
    <AuthLayout title={ACCOUNT_TITLES.confirmEmail}>
      <Body aria-busy={outcome.state === 'confirming'}>
        {outcome.state === 'confirming' ? (
          <Waiting role="status">
            <Spinner size={20} />
            Confirmation de votre nouvelle adresse…
          </Waiting>
        ) : outcome.state === 'confirmed' ? (
          <Alert severity="success" title="Adresse e-mail confirmée">
            <p style={{ margin: 0 }}>{outcome.answer.message}</p>
            {/* The server's message names the address; said here only if it did not. */}
            {outcome.answer.message.includes(outcome.answer.email) ? null : (
              <p style={{ margin: '4px 0 0' }}>
                Adresse de connexion : <strong>{outcome.answer.email}</strong>
              </p>
            )}
          </Alert>
        ) : (
          <Alert severity="error" title="Adresse non confirmée">
            {outcome.message}
          </Alert>
        )}
        <AuthLinks>
          {user ? <Link to="/compte">Aller à Mon compte</Link> : <Link to="/login">Se connecter</Link>}
        </AuthLinks>
      </Body>
    </AuthLayout>
  )
}

export default ConfirmEmailScreen
