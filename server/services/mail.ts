import { randomBytes } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import type { Config } from '../config.ts'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
  /** Where .eml files land when no SMTP server is configured (null otherwise). */
  outboxDir: string | null
  close(): void
}

/** SMTP when SMTP_URL is set; otherwise each mail is written as an .eml file in DATA_DIR/outbox. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'dataDir' | 'mailFrom'>): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl)
    return {
      outboxDir: null,
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message })
      },
      close: () => transport.close(),
    }
  }
  const outboxDir = join(config.dataDir, 'outbox')
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    outboxDir,
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message })
      await mkdir(outboxDir, { recursive: true })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`
      // Written then renamed, so a reader never sees half a mail.
      const tmp = join(outboxDir, `.${name}.tmp`)
      await writeFile(tmp, info.message as Buffer)
      await rename(tmp, join(outboxDir, name))
    },
    close: () => transport.close(),
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function passwordMail(
  kind: 'reset' | 'invite',
  to: string,
  firstname: string,
  link: string,
): MailMessage {
  const hello = `Bonjour ${firstname},`
  if (kind === 'invite') {
    const text = `${hello}\n\nUn compte a été créé pour vous. Choisissez votre mot de passe en ouvrant ce lien (valable 7 jours) :\n${link}\n\nSi vous n'attendiez pas cette invitation, ignorez ce message.`
    return {
      to,
      subject: 'Votre invitation : choisissez votre mot de passe',
      text,
      html: `<p>${escapeHtml(hello)}</p><p>Un compte a été créé pour vous. Choisissez votre mot de passe (lien valable 7 jours) :</p><p><a href="${escapeHtml(link)}">Choisir mon mot de passe</a></p><p>Si vous n'attendiez pas cette invitation, ignorez ce message.</p>`,
    }
  }
  const text = `${hello}\n\nPour réinitialiser votre mot de passe, ouvrez ce lien (valable 1 heure) :\n${link}\n\nSi vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.`
  return {
    to,
    subject: 'Réinitialisation de votre mot de passe',
    text,
    html: `<p>${escapeHtml(hello)}</p><p>Pour réinitialiser votre mot de passe, ouvrez ce lien (valable 1 heure) :</p><p><a href="${escapeHtml(link)}">Réinitialiser mon mot de passe</a></p><p>Si vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.</p>`,
  }
}
