import { beforeAll, describe, expect, it } from 'vitest'
import type { Article, AuthUser, Image } from '@/contract/schemas.ts'
import { fileForm, pngBytes, adminServerForFile } from './helpers.ts'

const t = adminServerForFile()
let user: AuthUser
/** An uploaded image the articles of these tests share (an article must have one). */
let stock: Image
const U = () => ({ token: user.access_token })

async function upload(): Promise<Image> {
  const res = await t.api.request<Image>('POST', '/api/articles/image', {
    ...t.asAdmin(),
    raw: fileForm(await pngBytes(400, 550)),
  })
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`)
  return res.body
}

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Un article',
  status: 'PUBLISHED',
  position: 1,
  image: stock,
  link: { text: 'Voir', url: '/rechercher?c=1', target: '_self' },
  ...overrides,
})

beforeAll(async () => {
  user = await t.api.register()
  stock = await upload()
})

describe('articles', () => {
  it('creates with an uploaded image, reads, lists by position; a taken position moves the other down', async () => {
    const image = await upload()
    expect(image).toMatchObject({ type: 'image/webp', url: expect.stringMatching(/^\/uploads\//) })
    const created = await t.api.post<Article>(
      '/api/articles',
      body({ title: 'Deuxième', position: 2, image }),
      t.asAdmin(),
    )
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      title: 'Deuxième',
      status: 'PUBLISHED',
      position: 2,
      image,
      link: { text: 'Voir', url: '/rechercher?c=1', target: '_self' },
    })
    const first = await t.api.post<Article>(
      '/api/articles',
      body({
        title: 'Premier',
        position: 1,
        link: { text: 'Site', url: 'https://exemple.fr/page?x=1', target: '_blank' },
      }),
      t.asAdmin(),
    )
    const tie = await t.api.post<Article>(
      '/api/articles',
      body({ title: 'Ex aequo', position: 2, status: 'DRAFT', link: null }),
      t.asAdmin(),
    )
    expect(tie.body.position).toBe(2)
    const list = await t.api.get<Article[]>('/api/articles', t.asAdmin())
    expect(list.body.map((a) => [a.articleId.id, a.position])).toEqual([
      [first.body.articleId.id, 1],
      [tie.body.articleId.id, 2],
      [created.body.articleId.id, 3],
    ])
    const one = await t.api.get<Article>(`/api/articles/${created.body.articleId.id}`, U())
    expect(one.body).toEqual({ ...created.body, position: 3 })
  })

  it('articles-published shows published only; a draft is hidden from users, visible to admins', async () => {
    const draft = await t.api.post<Article>(
      '/api/articles',
      body({ title: 'Brouillon secret', status: 'DRAFT' }),
      t.asAdmin(),
    )
    const published = await t.api.get<Article[]>('/api/articles/articles-published', U())
    expect(published.status).toBe(200)
    expect(published.body.every((a) => a.status === 'PUBLISHED')).toBe(true)
    expect(published.body.some((a) => a.title === 'Brouillon secret')).toBe(false)
    expect((await t.api.get(`/api/articles/${draft.body.articleId.id}`, U())).status).toBe(404)
    expect((await t.api.get(`/api/articles/${draft.body.articleId.id}`, t.asAdmin())).status).toBe(200)
  })

  it('articles-published answers 304 while unchanged and the new list after an article is published', async () => {
    const first = await t.api.get<Article[]>('/api/articles/articles-published', U())
    expect(first.headers.get('cache-control')).toBe('private, no-cache')
    const etag = first.headers.get('etag')!
    const unchanged = await t.api.get('/api/articles/articles-published', {
      ...U(),
      headers: { 'if-none-match': etag },
    })
    expect(unchanged.status).toBe(304)
    expect(unchanged.text).toBe('')
    const created = await t.api.post<Article>(
      '/api/articles',
      body({ title: 'Article révalidé' }),
      t.asAdmin(),
    )
    expect(created.status).toBe(201)
    const changed = await t.api.get<Article[]>('/api/articles/articles-published', {
      ...U(),
      headers: { 'if-none-match': etag },
    })
    expect(changed.status).toBe(200)
    expect(changed.body.map((a) => a.title)).toContain('Article révalidé')
    expect(changed.headers.get('etag')).not.toBe(etag)
  })

  it('updates (id must match) and deletes, removing an image no longer used', async () => {
    const image = await upload()
    const created = await t.api.post<Article>('/api/articles', body({ image }), t.asAdmin())
    const id = created.body.articleId.id
    const replacement = await upload()
    const upd = await t.api.put<Article>(
      `/api/articles/${id}`,
      { ...body({ title: 'Modifié', image: replacement, status: 'DRAFT' }), articleId: { id } },
      t.asAdmin(),
    )
    expect(upd.status).toBe(200)
    expect(upd.body).toMatchObject({ title: 'Modifié', status: 'DRAFT', image: replacement })
    // The replaced image is deleted with its bytes: its address answers 404 from now on.
    expect((await fetch(t.server.url + image.url)).status).toBe(404)
    expect((await fetch(t.server.url + replacement.url)).status).toBe(200)
    expect(
      (await t.api.put(`/api/articles/${id}`, { ...body(), articleId: { id: id + 1 } }, t.asAdmin())).status,
    ).toBe(400)
    expect(
      (await t.api.put('/api/articles/999999', { ...body(), articleId: { id: 999999 } }, t.asAdmin())).status,
    ).toBe(404)

    const del = await t.api.del(`/api/articles/${id}`, t.asAdmin())
    expect(del.status).toBe(200)
    expect((await fetch(t.server.url + replacement.url)).status).toBe(404)
    expect((await t.api.get(`/api/articles/${id}`, t.asAdmin())).status).toBe(404)
    expect((await t.api.del(`/api/articles/${id}`, t.asAdmin())).status).toBe(404)
  })

  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['//evil.example.com/x'],
    ['/\\evil.example.com'],
    ['ftp://exemple.fr'],
    ['exemple.fr/page'],
    ['https://'],
    ['/a b'],
  ])('refuses link url %s', async (url) => {
    const res = await t.api.post<{ message: string }>(
      '/api/articles',
      body({ link: { text: 'x', url, target: '_blank' } }),
      t.asAdmin(),
    )
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/lien/)
  })

  it.each([
    [{ title: '' }, 'Titre'],
    [{ title: 'x'.repeat(201) }, '200'],
    [{ position: 'un' }, 'position'],
    [{ position: 1.5 }, 'position'],
    [{ position: 1e12 }, 'Position'],
    [{ status: 'ARCHIVED' }, 'status'],
    [{ image: { id: 'inexistante', type: 'image/webp', url: '/x' } }, 'Image inconnue'],
    [{ link: { text: '', url: '/x', target: '' } }, 'texte du lien'],
    [{ link: { text: 'x', url: '', target: '' } }, 'adresse'],
    [{ link: { text: 'x', url: '/x', target: '_top' } }, 'link.target'],
    [{ link: { text: 'x' } }, 'link.url'],
  ])('refuses an invalid article %# with 400', async (overrides, expected) => {
    const res = await t.api.post<{ message: string }>('/api/articles', body(overrides), t.asAdmin())
    expect(res.status).toBe(400)
    expect(res.body.message).toContain(expected)
  })

  it('a link with empty text and url is stored as null; markup in titles stays text', async () => {
    const res = await t.api.post<Article>(
      '/api/articles',
      body({ title: '<script>alert("t")</script>', link: { text: '', url: '', target: '' } }),
      t.asAdmin(),
    )
    expect(res.status).toBe(201)
    expect(res.body.link).toBeNull()
    expect(res.body.title).toBe('<script>alert("t")</script>')
    expect(res.headers.get('content-type')).toContain('application/json')
  })

  it('serves the status list', async () => {
    expect((await t.api.get('/api/articles/statues', U())).body).toEqual([
      { code: 'PUBLISHED', label: 'Publié' },
      { code: 'DRAFT', label: 'Brouillon' },
    ])
  })

  it('rejects non-image and oversized article uploads', async () => {
    expect(
      (
        await t.api.request('POST', '/api/articles/image', {
          ...t.asAdmin(),
          raw: fileForm('%PDF-1.4 fake', 'doc.pdf', 'application/pdf'),
        })
      ).status,
    ).toBe(415)
    expect(
      (
        await t.api.request('POST', '/api/articles/image', {
          ...t.asAdmin(),
          raw: fileForm(Buffer.alloc(t.server.config.maxUploadBytes + 1)),
        })
      ).status,
    ).toBe(413)
    expect(
      (await t.api.request('POST', '/api/articles/image', { ...t.asAdmin(), raw: fileForm(Buffer.alloc(0)) }))
        .status,
    ).toBe(400)
  })
})
