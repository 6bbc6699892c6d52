import { useEffect } from 'react'
import { useLocation } from 'react-router'
import styled from 'styled-components'
import { useMyAccount } from '@/src/api/account/getMyAccount.ts'
import { Alert, Button } from '@/src/design-system/index.ts'
import { ACCOUNT_TITLES, usePageTitle } from '@/src/pageTitle/index.ts'
import { useSession } from '@/src/session/index.ts'
import { AccountPage } from './AccountPage.tsx'
import { DataSection } from './DataSection.tsx'
import { DeleteAccountSection } from './DeleteAccountSection.tsx'
import { EmailSection } from './EmailSection.tsx'
import { NameSection } from './NameSection.tsx'
import { PasswordSection } from './PasswordSection.tsx'
import { theme } from '@/src/design-system/theme/index.ts'

const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]}px;
  max-width: 640px;
  margin: 0 auto;
  padding: ${theme.space[4]}px 0 ${theme.space[6]}px;
  ${theme.media.sm} {
    padding-inline: ${theme.space[4]}px;
  }
  & > [role='alert'] {
    margin: 0 ${theme.space[4]}px;
  }
`

/**
 * /compte, 'Mon compte' (issue 40): the name, the password, the e-mail address, the person's data and the
 * deletion of the account. The name comes from the session (at once); the account read from the server adds
 * the e-mail change waiting for its link. `/compte#mes-donnees` (the Menu's 'Télécharger mes données') opens
 * on that section, its heading focused.
 */
export function AccountScreen() {
  usePageTitle(ACCOUNT_TITLES.account)
  const { user } = useSession()
  const { data: account, error, isLoading, mutate } = useMyAccount(user?.userId.id ?? null)
  const { hash } = useLocation()

  useEffect(() => {
    if (!hash) return
    const heading = document.getElementById(`${decodeURIComponent(hash.slice(1))}-titre`)
    heading?.scrollIntoView({ block: 'start' })
    heading?.focus({ preventScroll: true })
  }, [hash])

  if (!user) return null
  const pending =
    account?.pendingEmail != null
      ? { email: account.pendingEmail, expiresAt: account.pendingEmailExpiresAt }
      : null
  return (
    <AccountPage title={ACCOUNT_TITLES.account} busy={isLoading}>
      <Sections>
        {error && !account ? (
          <Alert
            severity="error"
            action={
              <Button variant="text" size="small" onClick={() => void mutate()}>
                Réessayer
              </Button>
            }
          >
            {error instanceof Error ? error.message : 'Impossible de lire votre compte.'}
          </Alert>
        ) : null}
        <NameSection user={user} />
        <PasswordSection />
        <EmailSection currentEmail={account?.email ?? user.email} pending={pending} />
        <DataSection />
        <DeleteAccountSection />
      </Sections>
    </AccountPage>
  )
}

export default AccountScreen
