import { userEvent } from 'storybook/test'

/**
 * Enters a whole value into a text field as a user pasting it would: a click (focus and pointer where `type`
 * puts them), then one input event. For the fields where the value, not the keystrokes, is what the story is
 * about: typing it key by key re-rendered the whole form once per key, the largest share of a form story's
 * time (PartnerForm's 'Create' typed 122 keys, ~80 ms each). Comboboxes, searches and date fields keep
 * `userEvent.type`, since there each key is the behaviour.
 */
export async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field)
  await userEvent.paste(text)
}
