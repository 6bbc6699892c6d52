import { http, type HttpHandler } from 'msw'
import { expect } from 'storybook/test'

/**
 * The requests the screen sends to `path` from now on, recorded then answered by the story's own handlers: a
 * form that refuses before sending must leave this empty.
 */
export function watchRequests(msw: { use: (...handlers: HttpHandler[]) => void }, path: string): Request[] {
  const sent: Request[] = []
  msw.use(
    http.all(path, ({ request }) => {
      sent.push(request)
    }),
  )
  return sent
}

/**
 * The field says `message` as a person and a screen reader meet it: under the field, the field marked invalid,
 * and the message its description (what is read out when it gets the focus).
 */
export async function expectFieldError(field: HTMLElement, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(field).toHaveAccessibleDescription(message)
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? []
  const shown = ids
    .map((id) => field.ownerDocument.getElementById(id))
    .find((node) => node?.textContent === message)
  await expect(shown).toBeVisible()
}
