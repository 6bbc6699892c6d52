import { Link } from 'react-router'
import { PAGE_TITLES, usePageTitle } from '@/src/pageTitle/index.ts'
import { Contact } from './Contact.tsx'
import { LegalPage } from './LegalPage.tsx'
import { useLegalFacts } from './legalFacts.ts'
import { legalPaths } from './legalPaths.ts'

/**
 * 'Mentions légales' (LCEN art. 6-III): who publishes the service, how to reach them, who hosts it. The facts
 * come from the operator's configuration (GET /api/config, `legal`); one it left unset is said to be so rather
 * than invented, and while the configuration loads (the prerendered page) the line waits with '…'.
 */
export function LegalNoticeScreen() {
  usePageTitle(PAGE_TITLES.legalNotice)
  const facts = useLegalFacts()
  const unset = facts.loaded ? 'non renseigné par l’exploitant' : '…'
  const host = [facts.hostName, facts.hostAddress].filter(Boolean).join(', ')
  return (
    <LegalPage title={PAGE_TITLES.legalNotice} updated="novembre 2026">
      <h2>Éditeur du service</h2>
      <dl>
        <dt>Nom</dt>
        <dd>{facts.operatorName}</dd>
        <dt>Adresse</dt>
        <dd>{facts.operatorAddress ?? unset}</dd>
        <dt>Immatriculation</dt>
        <dd>{facts.operatorRegistration ?? unset}</dd>
        <dt>Contact</dt>
        <dd>
          <Contact value={facts.operatorContact ?? facts.privacyContact} fallback={unset} />
        </dd>
        <dt>Directeur ou directrice de la publication</dt>
        <dd>{facts.publicationDirector ?? unset}</dd>
      </dl>

      <h2>Hébergement</h2>
      <dl>
        <dt>Hébergeur</dt>
        <dd>{host || unset}</dd>
        <dt>Contact</dt>
        <dd>
          <Contact value={facts.hostContact} fallback={unset} />
        </dd>
      </dl>

      <h2>Données personnelles</h2>
      <p>
        Ce que nous gardons sur vous, pourquoi, combien de temps et vos droits : voir la{' '}
        <Link to={legalPaths.privacy}>politique de confidentialité</Link>. Contact pour vos données :{' '}
        <Contact value={facts.privacyContact} fallback={unset} />.
      </p>

      <h2>Propriété intellectuelle</h2>
      <p>
        Les textes, photos et logos des partenaires restent leur propriété ; ils sont montrés ici avec leur
        accord pour faire connaître leurs offres.
      </p>
    </LegalPage>
  )
}

export default LegalNoticeScreen
