import { beforeAll, describe, expect, it } from 'vitest'
import type { Article, AuditPage, Image } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { adminServerForFile, fileForm, pngBytes } from './helpers.ts'

const t = adminServerForFile()
let image: Image

const body = (title: string, position: number, overrides: Record<string, unknown> = {}) => ({
  title,
  status: 'PUBLISHED',
  position,
  image,
  link: null,
  ...overrides,
})

async function create(title: string, position: number): Promise<Article> {
  const res = await t.api.post<Article>(apiPaths.articles(), body(title, position), t.asAdmin())
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`)
  return res.body
}

/** Every article as [title, position], in the list's order. */
const order = async () =>
  (await t.api.get<Article[]>(apiPaths.articles(), t.asAdmin())).body.map((a) => [a.title, a.position])

const move = (article: Article, direction: string) =>
  t.api.post<Article[] & { message?: string }>(
    apiPaths.articleMove(article.articleId.id),
    { direction },
    t.asAdmin(),
  )

async function uploadImage() {
  const res = await t.api.request<Image>('POST', apiPaths.articleImage(), {
    ...t.asAdmin(),
    raw: fileForm(await pngBytes(400, 550)),
  })
  image = res.body
}

/** Deletes every article, and so the image they shared: another one is uploaded. */
async function removeAll() {
  for (const a of (await t.api.get<Article[]>(apiPaths.articles(), t.asAdmin())).body)
    await t.api.del(apiPaths.article(a.articleId.id), t.asAdmin())
  await uploadImage()
}

beforeAll(uploadImage)

describe('an article’s image', () => {
  it('is required to create one, with the spec’s message', async () => {
    const res = await t.api.post<{ message: string; field: string }>(
      apiPaths.articles(),
      body('Sans image', 1, { image: null }),
      t.asAdmin(),
    )
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ message: "L'image est obligatoire", field: 'image' })
    expect(await order()).toEqual([])
  })

  it('is kept by an edit that sends none', async () => {
    const article = await create('Avec image', 1)
    const res = await t.api.put<Article>(
      apiPaths.article(article.articleId.id),
      { ...body('Titre changé', 1, { image: null }), articleId: article.articleId },
      t.asAdmin(),
    )
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ title: 'Titre changé', image: { id: image.id } })
    expect((await fetch(t.server.url + image.url)).status).toBe(200)
    await removeAll()
  })
})

describe('articles’ positions', () => {
  it('are unique: four articles created at position 5 come out 5, 6, 7, 8, the last one first', async () => {
    for (const title of ['A', 'B', 'C', 'D']) await create(title, 5)
    expect(await order()).toEqual([
      ['D', 5],
      ['C', 6],
      ['B', 7],
      ['A', 8],
    ])
    // Only the run that followed moves: a free position stops it.
    await create('Loin', 20)
    await create('E', 6)
    expect(await order()).toEqual([
      ['D', 5],
      ['E', 6],
      ['C', 7],
      ['B', 8],
      ['A', 9],
      ['Loin', 20],
    ])
  })

  it('an edit to a taken position moves the others, each moved article journaled', async () => {
    const list = (await t.api.get<Article[]>(apiPaths.articles(), t.asAdmin())).body
    const loin = list.find((a) => a.title === 'Loin')!
    const a = list.find((x) => x.title === 'A')!
    const res = await t.api.put<Article>(
      apiPaths.article(loin.articleId.id),
      { ...body('Loin', 7), articleId: loin.articleId },
      t.asAdmin(),
    )
    expect(res.status).toBe(200)
    expect(await order()).toEqual([
      ['D', 5],
      ['E', 6],
      ['Loin', 7],
      ['C', 8],
      ['B', 9],
      ['A', 10],
    ])
    const journal = await t.api.get<AuditPage>(
      `${apiPaths.audit()}?targetType=article&targetId=${a.articleId.id}&action=article.update`,
      t.asAdmin(),
    )
    expect(journal.body.items[0]).toMatchObject({
      before: { title: 'A', position: 9 },
      after: { title: 'A', position: 10 },
    })
  })

  it('Monter / Descendre: one place up or down, 409 at the ends, journaled, the new list answered', async () => {
    const list = (await t.api.get<Article[]>(apiPaths.articles(), t.asAdmin())).body
    const byTitle = (title: string) => list.find((a) => a.title === title)!
    const up = await move(byTitle('C'), 'up')
    expect(up.status).toBe(200)
    expect(up.body.map((a) => [a.title, a.position])).toEqual([
      ['D', 5],
      ['E', 6],
      ['C', 7],
      ['Loin', 8],
      ['B', 9],
      ['A', 10],
    ])
    expect((await move(byTitle('D'), 'down')).status).toBe(200)
    expect(await order()).toEqual([
      ['E', 5],
      ['D', 6],
      ['C', 7],
      ['Loin', 8],
      ['B', 9],
      ['A', 10],
    ])
    const first = await move(byTitle('E'), 'up')
    expect(first.status).toBe(409)
    expect(first.body.message).toBe('Cet article est déjà le premier.')
    const last = await move(byTitle('A'), 'down')
    expect(last.status).toBe(409)
    expect(last.body.message).toBe('Cet article est déjà le dernier.')
    expect((await move(byTitle('A'), 'sideways')).status).toBe(400)
    expect((await t.api.post(apiPaths.articleMove(999999), { direction: 'up' }, t.asAdmin())).status).toBe(
      404,
    )
    const user = await t.api.register()
    expect(
      (
        await t.api.post(
          apiPaths.articleMove(byTitle('A').articleId.id),
          { direction: 'up' },
          {
            token: user.access_token,
          },
        )
      ).status,
    ).toBe(403)
    const journal = await t.api.get<AuditPage>(
      `${apiPaths.audit()}?targetType=article&targetId=${byTitle('E').articleId.id}`,
      t.asAdmin(),
    )
    expect(journal.body.items[0]).toMatchObject({
      action: 'article.update',
      before: { position: 6 },
      after: { position: 5 },
    })
  })

  it('positions written equal before this rule are sorted out by a move', async () => {
    await removeAll()
    const [x, y, z] = [await create('X', 1), await create('Y', 2), await create('Z', 3)]
    await t.server.handle.db
      .updateTable('articles')
      .set({ position: 4 })
      .where('id', 'in', [x.articleId.id, y.articleId.id, z.articleId.id])
      .execute()
    expect(await order()).toEqual([
      ['X', 4],
      ['Y', 4],
      ['Z', 4],
    ])
    expect((await move(z, 'up')).status).toBe(200)
    expect(await order()).toEqual([
      ['X', 4],
      ['Z', 5],
      ['Y', 6],
    ])
  })

  it('articles created at the same position at the same instant all get their own', async () => {
    await removeAll()
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.api.post<Article>(apiPaths.articles(), body(`Ensemble ${i}`, 3), t.asAdmin()),
      ),
    )
    expect(created.map((r) => r.status)).toEqual(Array(6).fill(201))
    const positions = (await order()).map(([, position]) => position)
    expect(positions).toEqual([3, 4, 5, 6, 7, 8])
  })
})
