import { expect, screen, userEvent, waitFor, within } from 'storybook/test'

/** Picks an option of a radix Select (its list renders in a portal, outside the canvas). */
export async function chooseOption(trigger: HTMLElement, option: string) {
  await userEvent.click(trigger)
  await userEvent.click(await screen.findByRole('option', { name: option }))
  await waitFor(() => expect(trigger).toHaveTextContent(option))
}

/** The global toast's text (the toast renders in a portal). */
export async function expectToast(message: string | RegExp) {
  await waitFor(() => expect(within(document.body).getAllByText(message).length).toBeGreaterThan(0))
}

/** The canvas plus the document body (dialogs, tooltips and menus render in portals). */
export const portals = () => within(document.body)

/** A dialog by its title, once its opening animation has made it visible. */
export async function findDialog(name: string) {
  const dialog = await screen.findByRole('dialog', { name })
  await waitFor(() => expect(dialog).toBeVisible())
  return dialog
}
