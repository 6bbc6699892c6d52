import { readFile } from 'node:fs/promises'
import { expect, test } from './fixtures.ts'
import type { AuditPage, PartnerSearchResult } from '../contract/schemas.ts'
import { apiPaths } from '../contract/paths.ts'
import { choose, signInAsAdmin } from './adminSupport.ts'
import { registerUser } from './support.ts'

test('un administrateur réactive un coupon qu’un utilisateur avait utilisé, et l’utilisateur peut le réutiliser', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'Fidele')
  const auth = { Authorization: `Bearer ${user.access_token}` }

  // The user uses a coupon of an active partner (the swipe's call).
  const search = await request.get(apiPaths.partnerSearch(), { headers: auth, params: { city: 'Marseille' } })
  const partners = (await search.json()) as PartnerSearchResult[]
  const partner = partners.find((candidate) =>
    candidate.discountOffers.some((offer) => offer.status === 'ENABLED'),
  )!
  const offer = partner.discountOffers.find((candidate) => candidate.status === 'ENABLED')!
  const use = () =>
    request.put(apiPaths.deactivateOffer(user.userId.id, partner.partnerId.id, offer.id.id), {
      headers: auth,
    })
  expect((await use()).status()).toBe(200)
  expect((await use()).status()).toBe(409)

  const admin = await signInAsAdmin(page)
  await page.goto('/bo/utilisateurs')
  await page.getByRole('searchbox', { name: 'Rechercher un utilisateur' }).fill(user.email)
  await page.getByRole('row', { name: `Consulter ${user.firstname} ${user.lastname}` }).click()
  await expect(page).toHaveURL(new RegExp(`/bo/utilisateurs/${user.userId.id}$`))
  await expect(
    page.getByRole('heading', { level: 1, name: `${user.firstname} ${user.lastname}` }),
  ).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Coupons utilisés' })).toBeVisible()

  await page.getByRole('button', { name: new RegExp(offer.libelle) }).click()
  const dialog = page.getByRole('dialog', { name: 'Editer le coupon utilisé' })
  await expect(dialog).toContainText(
    "Ce coupon a été utilisé. Voulez vous le réactiver pour permettre à l'utilisateur de le réutiliser?",
  )
  // The reason is optional: left empty, the coupon is given back all the same.
  await expect(dialog.getByRole('textbox', { name: 'Motif (facultatif)' })).toHaveValue('')
  await dialog.getByRole('button', { name: 'Réactiver' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('(Aucun)')).toBeVisible()

  // Used again, then given back with a reason, which the journal keeps.
  expect((await use()).status()).toBe(200)
  await page.reload()
  await page.getByRole('button', { name: new RegExp(offer.libelle) }).click()
  const motif = `Terminal en panne ${Date.now()}`
  await dialog.getByRole('textbox', { name: 'Motif (facultatif)' }).fill(motif)
  await dialog.getByRole('button', { name: 'Réactiver' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('(Aucun)')).toBeVisible()

  // Nothing is used now, yet both uses stay in the history, newest first, each with its reactivation: when, by
  // whom (the administrator's name, else e-mail) and, for the second, why.
  const adminName = `${admin.firstname} ${admin.lastname}`.trim() || admin.email
  const when = String.raw`\d{2}/\d{2}/\d{4} \d{2}:\d{2}`
  const uses = page.getByRole('region', { name: 'Historique des coupons' }).getByRole('listitem')
  await expect(uses).toHaveCount(2)
  for (const use of [uses.nth(0), uses.nth(1)]) {
    await expect(use).toContainText(offer.libelle)
    await expect(use).toContainText(partner.name)
    await expect(use).toContainText(new RegExp(`Utilisé le ${when}`))
  }
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const by = (motifText: string) => new RegExp(`Réactivé le ${when} par ${escape(adminName)}${motifText}`)
  await expect(uses.nth(0)).toContainText(by(escape(` (motif : ${motif})`)))
  await expect(uses.nth(1)).toContainText(by('$'))
  // The user's own history: the two reactivations, newest first, the motif with the second.
  const own = page.getByRole('region', { name: 'Historique de la fiche' }).getByRole('listitem')
  await expect(own.nth(0)).toContainText('Réactivation de coupon')
  await expect(own.nth(0)).toContainText(`${offer.libelle} (${partner.name})`)
  await expect(own.nth(0)).toContainText(`Motif : ${motif}`)
  await expect(own.nth(1)).toContainText('Réactivation de coupon')
  await expect(own.nth(1)).not.toContainText('Motif :')

  // The journal names who reactivated which coupon of whom, and why.
  await page
    .getByRole('navigation', { name: "Menu d'administration" })
    .getByRole('link', { name: 'Journal' })
    .click()
  await expect(page).toHaveURL(/\/bo\/journal$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible()
  await choose(page, page, 'Action', 'Réactivation de coupon')
  const entry = page.getByRole('row').filter({ hasText: motif })
  await expect(entry).toHaveCount(1)
  await expect(entry).toContainText('Réactivation de coupon')
  await expect(entry).toContainText(`${user.firstname} ${user.lastname}`)
  await expect(entry).toContainText(offer.libelle)
  await expect(entry).toContainText('admin.e2e@exemple.fr')
  // Exported as CSV with the same filter.
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Exporter (CSV)' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^journal-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = (await readFile((await file.path())!)).toString('utf8')
  expect(csv.startsWith('\uFEFFDate;Administrateur;')).toBe(true)
  expect(csv).toContain(motif)

  // Both reactivations are in the journal; the one given no reason has no motif.
  const journal = await request.get(apiPaths.audit(), {
    headers: { Authorization: `Bearer ${admin.access_token}` },
    params: { action: 'coupon.reactivate', pageSize: 100 },
  })
  const reactivations = ((await journal.json()) as AuditPage).items.filter(
    (item) => item.targetId === String(user.userId.id),
  )
  expect(reactivations.map((item) => item.motif)).toEqual([motif, null])

  // The user can use it again.
  const seen = await request.get(apiPaths.partnerDiscountsUser(partner.partnerId.id, user.userId.id), {
    headers: auth,
  })
  const offers = ((await seen.json()) as { discountOffers: { id: { id: number }; status: string }[] })
    .discountOffers
  expect(offers.find((candidate) => candidate.id.id === offer.id.id)?.status).toBe('ENABLED')
  expect((await use()).status()).toBe(200)
})
