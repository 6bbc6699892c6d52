/**
 * The public routes' forms are prerendered: on a slow phone a person can type into them, or tick a box, before
 * the script has hydrated the page, and the form state's first update then puts its empty values back into the
 * inputs (a ticked consent box unticked: sign-up's button stays disabled). The entry starts noting what is typed
 * in named text inputs and ticked in named checkboxes before it hydrates (`keepTypedBeforeHydration`), a form
 * takes those values back into its state once it is mounted (`takeTypedBeforeHydration`), and the notes end a
 * little after the first render (a lazy screen mounts just after it).
 */
const typed = new Map<string, string | boolean>()
/** The page whose HTML the notes were typed into: a form on any other page takes none of them. */
let notedOn: string | null = null
const textTypes = new Set(['text', 'email', 'password', 'search', 'tel', 'url'])

function isNamedInput(target: EventTarget | null): target is HTMLInputElement {
  return (
    target instanceof HTMLInputElement &&
    target.name !== '' &&
    (textTypes.has(target.type) || target.type === 'checkbox')
  )
}

function valueOf(input: HTMLInputElement): string | boolean {
  return input.type === 'checkbox' ? input.checked : input.value
}

function noteTyped(event: Event) {
  if (isNamedInput(event.target) && event.target.type !== 'checkbox')
    typed.set(event.target.name, event.target.value)
}

/*
 * A box's tick is noted from its click (a key's too), which sees the box as the person left it: a click while the
 * page is hydrating can be answered by React putting the box back as its state says (unticked) before the
 * `input` event, which would then note the box unticked.
 */
function noteTicked(event: Event) {
  if (isNamedInput(event.target) && event.target.type === 'checkbox')
    typed.set(event.target.name, event.target.checked)
}

/** Notes what the prerendered inputs already hold, then every later change, until `forgetTypedBeforeHydration`. */
export function keepTypedBeforeHydration(root: ParentNode): void {
  notedOn = window.location.pathname
  for (const input of root.querySelectorAll('input[name]'))
    if (
      isNamedInput(input) &&
      (input.type === 'checkbox' ? input.checked !== input.defaultChecked : input.value !== '')
    )
      typed.set(input.name, valueOf(input))
  document.addEventListener('input', noteTyped, true)
  document.addEventListener('click', noteTicked, true)
}

/** Stops noting and forgets what no form took, after `delayMs`. */
export function forgetTypedBeforeHydration(delayMs: number): void {
  setTimeout(() => {
    document.removeEventListener('input', noteTyped, true)
    document.removeEventListener('click', noteTicked, true)
    typed.clear()
    notedOn = null
  }, delayMs)
}

/**
 * The values typed or ticked before hydration for these fields (each is given once), e.g.
 * `{ firstname: 'Nadia', acceptTerms: true }`.
 */
export function takeTypedBeforeHydration(names: readonly string[]): Record<string, string | boolean> {
  const taken: Record<string, string | boolean> = {}
  // Typed on another page of the app within the first seconds (a password in 'Mon compte'): not this form's.
  if (notedOn !== window.location.pathname) return taken
  for (const name of names) {
    const value = typed.get(name)
    if (value === undefined) continue
    taken[name] = value
    typed.delete(name)
  }
  return taken
}
