/**
 * The mails of the person's own account (issue 40): the e-mail change's link and notice, the password change's
 * notice, the deletion's confirmation and the inactivity warning. Plain French text and the same in HTML.
 */
import { zonedDate } from '@/contract/zonedDate.ts'
import { escapeHtml, type MailMessage } from './mail.ts'

/** A paragraph is a string; a link is [text before, the link's label, url]. */
type Paragraph = string | { lead: string; label: string; url: string }

function mail(to: string, subject: string, firstname: string, paragraphs: Paragraph[]): MailMessage {
  const hello = firstname.trim() ? `Bonjour ${firstname.trim()},` : 'Bonjour,'
  const text = [hello, ...paragraphs.map((p) => (typeof p === 'string' ? p : `${p.lead}\n${p.url}`))].join(
    '\n\n',
  )
  const html = [hello, ...paragraphs]
    .map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p)}</p>`
        : `<p>${escapeHtml(p.lead)}</p><p><a href="${escapeHtml(p.url)}">${escapeHtml(p.label)}</a></p>`,
    )
    .join('')
  return { to, subject, text, html }
}

/** « l***@exemple.fr »: enough for the owner to recognise an address, not to learn a stranger's. */
export function maskedEmail(address: string): string {
  const [local, domain] = address.split('@')
  return `${[...local][0] ?? ''}***@${domain ?? ''}`
}

const day = (date: Date, timeZone: string) => zonedDate(date, timeZone)

export function emailConfirmMail(to: string, firstname: string, link: string): MailMessage {
  return mail(to, 'Confirmez votre nouvelle adresse e-mail', firstname, [
    {
      lead: 'Pour vous connecter désormais avec cette adresse, ouvrez ce lien (valable 24 heures) :',
      label: 'Confirmer ma nouvelle adresse',
      url: link,
    },
    'Tant que ce lien n’est pas ouvert, votre compte garde son adresse actuelle. Si vous n’avez rien demandé, ignorez ce message.',
  ])
}

export function emailChangeNoticeMail(to: string, firstname: string, newEmail: string): MailMessage {
  return mail(to, 'Demande de changement de votre adresse e-mail', firstname, [
    `Un changement de l’adresse e-mail de votre compte vers ${maskedEmail(newEmail)} a été demandé. Il ne prendra effet que lorsque le lien envoyé à cette nouvelle adresse aura été ouvert.`,
    'Si vous n’êtes pas à l’origine de cette demande, changez votre mot de passe dans « Mon compte ».',
  ])
}

export function passwordChangedMail(to: string, firstname: string, at: Date, timeZone: string): MailMessage {
  return mail(to, 'Votre mot de passe a été modifié', firstname, [
    `Le mot de passe de votre compte a été modifié le ${zonedDate(at, timeZone, true)}. Vos autres appareils ont été déconnectés.`,
    'Si vous n’êtes pas à l’origine de ce changement, utilisez « Mot de passe oublié » sur la page de connexion et contactez-nous.',
  ])
}

export function accountDeletedMail(
  to: string,
  firstname: string,
  at: Date,
  timeZone: string,
  by: 'self' | 'request' | 'inactivity',
): MailMessage {
  const why = {
    self: 'comme vous l’avez demandé depuis l’application',
    request: 'suite à votre demande',
    inactivity: 'faute de connexion après notre message d’avertissement',
  }[by]
  return mail(to, 'Votre compte a été supprimé', firstname, [
    `Votre compte a été supprimé le ${day(at, timeZone)}, ${why}. Votre nom, votre adresse e-mail, votre mot de passe et vos favoris sont effacés ; les coupons que vous avez utilisés restent comptés pour les partenaires, sans lien avec vous.`,
    'Ce message est le dernier que vous recevrez de notre part.',
  ])
}

export function inactivityWarningMail(
  to: string,
  firstname: string,
  months: number,
  deadline: Date,
  timeZone: string,
  loginUrl: string,
): MailMessage {
  return mail(to, 'Votre compte va être supprimé faute de connexion', firstname, [
    `Vous ne vous êtes pas connecté à votre compte depuis plus de ${months} mois. Sans connexion de votre part d’ici le ${day(deadline, timeZone)}, il sera supprimé et vos données personnelles effacées (les coupons utilisés restent comptés pour les partenaires, sans lien avec vous).`,
    { lead: 'Pour garder votre compte, il suffit de vous connecter :', label: 'Me connecter', url: loginUrl },
  ])
}
