import { PAGE_TITLES, usePageTitle } from '@/src/pageTitle/index.ts'
import { Contact } from './Contact.tsx'
import { LegalPage } from './LegalPage.tsx'
import { CONFORMITY_STATE, useLegalFacts } from './legalFacts.ts'

/**
 * 'Déclaration d'accessibilité' (loi du 11 février 2005, art. 47; RGAA 4.1 model): the state of conformity,
 * what the project's own accessibility suite checks, the known gaps, the contact and the recourse.
 */
export function AccessibilityStatementScreen() {
  usePageTitle(PAGE_TITLES.accessibility)
  const facts = useLegalFacts()
  return (
    <LegalPage title={PAGE_TITLES.accessibility} updated="novembre 2026">
      <p>
        {facts.operatorName} s'engage à rendre son service numérique accessible, conformément à l'article 47
        de la loi n° 2005-102 du 11 février 2005. Cette déclaration s'applique à l'application Partenaires
        (pages publiques et administration).
      </p>

      <h2>État de conformité</h2>
      <p>
        L'application Partenaires est <strong>{CONFORMITY_STATE}</strong> avec le référentiel général
        d'amélioration de l'accessibilité (RGAA), version 4.1.
      </p>
      <p>
        Aucun audit des 106 critères du RGAA n'a encore été réalisé ; en son absence, le RGAA demande de
        déclarer le service non conforme. Le service est pourtant vérifié à chaque modification par les tests
        d'accessibilité décrits ci-dessous, qui portent sur les critères des WCAG 2.2 de niveaux A et AA sur
        lesquels le RGAA s'appuie.
      </p>

      <h2>Ce que vérifient nos tests</h2>
      <ul>
        <li>
          chaque composant et chaque état de chaque écran (plus de 400 cas), analysés par axe-core selon les
          WCAG 2.0 à 2.2, niveaux A et AA : une seule erreur fait échouer les tests ;
        </li>
        <li>les écrans publics sur le vrai serveur, analysés par axe-core, sans aucune erreur tolérée ;</li>
        <li>
          des parcours entiers au clavier seul : filtrer la recherche, ouvrir un partenaire depuis la carte,
          utiliser une offre, se déconnecter ;
        </li>
        <li>un focus visible, contrasté à 3:1 au moins, sur chaque élément atteint avec la touche Tab ;</li>
        <li>
          l'affichage sur 320 pixels de large sans défilement horizontal, et le texte agrandi à 200 % sur la
          recherche et la fiche d'un partenaire sans perte d'information ;
        </li>
        <li>le mouvement réduit respecté (le bandeau ne défile plus seul, les transitions sont coupées) ;</li>
        <li>un titre de page propre à chaque écran, annoncé à chaque changement de page.</li>
      </ul>

      <h2>Contenus non accessibles ou non vérifiés</h2>
      <ul>
        <li>
          la carte est fournie par Google Maps, dont nous ne maîtrisons pas l'accessibilité ; la liste des
          partenaires (« Rechercher ») donne les mêmes informations sans la carte ;
        </li>
        <li>
          les documents PDF (conditions générales d'utilisation, politique de confidentialité) n'ont pas été
          vérifiés ; le contenu de la politique est aussi sur cette application, en page web ;
        </li>
        <li>
          les photos des partenaires ont pour texte de remplacement le nom du partenaire et leur numéro, pas
          une description de ce qu'elles montrent ;
        </li>
        <li>
          l'administration est analysée par axe-core dans chacun de ses états, mais peu de parcours au clavier
          la couvrent de bout en bout ;
        </li>
        <li>
          l'application n'a pas encore été essayée avec des lecteurs d'écran (NVDA, VoiceOver, TalkBack) ni
          par des personnes en situation de handicap.
        </li>
      </ul>

      <h2>Établissement de cette déclaration</h2>
      <p>
        Déclaration établie en novembre 2026, à partir des tests automatisés et au clavier du projet, dans le
        navigateur Chromium, sur téléphone (390 × 844) et ordinateur. Technologies utilisées : HTML, CSS,
        JavaScript, WAI-ARIA.
      </p>

      <h2>Retour d'information et contact</h2>
      <p>
        Si vous ne pouvez pas accéder à un contenu ou à un service, écrivez-nous pour être orienté vers une
        alternative accessible ou obtenir le contenu sous une autre forme :{' '}
        <Contact
          value={facts.operatorContact ?? facts.privacyContact}
          fallback="l'adresse de contact indiquée dans les mentions légales"
        />
        .
      </p>

      <h2>Voies de recours</h2>
      <p>
        Si vous nous avez signalé un défaut d'accessibilité qui vous empêche d'accéder à un contenu ou à un
        service et que vous n'avez pas obtenu de réponse satisfaisante, vous pouvez :
      </p>
      <ul>
        <li>
          écrire un message au Défenseur des droits (
          <a href="https://formulaire.defenseurdesdroits.fr/" rel="noopener noreferrer" target="_blank">
            formulaire en ligne
          </a>
          ) ;
        </li>
        <li>
          contacter le délégué du Défenseur des droits de votre région (
          <a
            href="https://www.defenseurdesdroits.fr/carte-des-delegues"
            rel="noopener noreferrer"
            target="_blank"
          >
            carte des délégués
          </a>
          ) ;
        </li>
        <li>appeler le 09 69 39 00 00 ;</li>
        <li>
          envoyer un courrier (gratuit, sans timbre) : Défenseur des droits, Libre réponse 71120, 75342 Paris
          CEDEX 07.
        </li>
      </ul>
    </LegalPage>
  )
}

export default AccessibilityStatementScreen
