import { Link } from 'react-router'
import { PAGE_TITLES, usePageTitle } from '@/src/pageTitle/index.ts'
import { Contact } from './Contact.tsx'
import { LegalPage } from './LegalPage.tsx'
import { useLegalFacts } from './legalFacts.ts'
import { legalPaths } from './legalPaths.ts'

/**
 * 'Politique de confidentialité' (RGPD art. 12-14): what is held, why, how long, the rights and how to use them
 * in the app, and whom to write to. The periods are the server's retention job's (issue 40).
 */
export function PrivacyPolicyScreen() {
  usePageTitle(PAGE_TITLES.privacy)
  const facts = useLegalFacts()
  const contact = (
    <Contact
      value={facts.privacyContact}
      fallback="l'adresse de contact indiquée dans les mentions légales"
    />
  )
  return (
    <LegalPage title={PAGE_TITLES.privacy} updated="novembre 2026">
      <p>
        Cette page dit quelles données personnelles le service Partenaires garde sur vous, pourquoi, combien
        de temps, et comment exercer vos droits. Le responsable du traitement est {facts.operatorName} (voir
        les <Link to={legalPaths.notice}>mentions légales</Link>).
      </p>

      <h2>Les données que nous gardons</h2>
      <ul>
        <li>
          votre compte : prénom, nom, adresse e-mail et mot de passe (gardé sous une forme qui ne permet pas
          de le relire) ;
        </li>
        <li>vos favoris ;</li>
        <li>les coupons que vous avez utilisés, avec la date, le partenaire et le nom du coupon ;</li>
        <li>
          vos consentements : l'acceptation des conditions générales d'utilisation et de cette politique, avec
          leur date ;
        </li>
        <li>
          la date de création de votre compte, celle de votre dernière connexion et vos sessions ouvertes ;
        </li>
        <li>
          les e-mails que le service vous envoie (confirmation d'adresse, réinitialisation du mot de passe,
          avertissements).
        </li>
      </ul>
      <p>
        Le service ne fait aucun profilage et ne revend rien. Votre position, quand vous l'autorisez, est
        envoyée avec vos recherches pour trier les partenaires par distance ; elle n'est pas gardée avec votre
        compte.
      </p>

      <h2>Pourquoi</h2>
      <ul>
        <li>
          vous fournir le service que vous avez demandé en créant votre compte (exécution du contrat) : vous
          connecter, garder vos favoris, vous permettre d'utiliser chaque coupon une fois ;
        </li>
        <li>
          protéger les comptes et le service (intérêt légitime) : sessions, limitation des tentatives, journal
          des actions des administrateurs ;
        </li>
        <li>
          donner aux partenaires le nombre d'utilisations de leurs coupons (intérêt légitime) : ces chiffres
          sont anonymes.
        </li>
      </ul>

      <h2>Combien de temps</h2>
      <ul>
        <li>
          votre compte, tant que vous l'utilisez. Après {facts.inactiveMonths} mois sans connexion, il est
          anonymisé ; vous recevez un e-mail d'avertissement un mois avant, et il suffit de vous connecter
          pour le garder ;
        </li>
        <li>
          les utilisations de coupons, sans limite, mais anonymisées dès que votre compte est supprimé ou
          anonymisé : elles ne disent plus qui les a faites ;
        </li>
        <li>le journal des actions des administrateurs, {facts.auditMonths} mois ;</li>
        <li>les e-mails envoyés, {facts.mailDays} jours après leur envoi.</li>
      </ul>

      <h2>Vos droits et comment les exercer</h2>
      <dl>
        <dt>Accès et portabilité (RGPD, articles 15 et 20)</dt>
        <dd>
          dans le Menu, « Télécharger mes données », ou dans « Mon compte », section « Mes données » : un
          fichier JSON de tout ce que nous gardons sur vous, et le même en CSV, lisible dans un tableur.
        </dd>
        <dt>Rectification (article 16)</dt>
        <dd>
          dans « Mon compte » : votre prénom, votre nom, votre adresse e-mail (changée après confirmation par
          un lien envoyé à la nouvelle adresse) et votre mot de passe.
        </dd>
        <dt>Effacement (article 17)</dt>
        <dd>
          dans « Mon compte », « Supprimer mon compte » : votre compte, vos favoris et vos sessions sont
          effacés aussitôt ; les utilisations de coupons restent, anonymisées, pour les chiffres des
          partenaires. Vous pouvez aussi le demander par écrit : un administrateur le fait pour vous.
        </dd>
        <dt>Opposition et limitation (articles 18 et 21)</dt>
        <dd>en écrivant au contact ci-dessous.</dd>
      </dl>
      <p>Nous répondons à toute demande dans un délai d'un mois.</p>

      <h2>Contact et réclamation</h2>
      <p>Pour toute question sur vos données : {contact}.</p>
      <p>
        Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL (
        <a href="https://www.cnil.fr/fr/plaintes" rel="noopener noreferrer" target="_blank">
          cnil.fr/fr/plaintes
        </a>
        ).
      </p>
    </LegalPage>
  )
}

export default PrivacyPolicyScreen
