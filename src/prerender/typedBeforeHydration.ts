/**
 * The public routes' forms are prerendered: on a slow phone a person can type into them before the script has
 * hydrated the page, and hydration then puts the form state's empty values back into the inputs. The entry
 * starts noting what is typed in named text inputs before it hydrates (`keepTypedBeforeHydration`), a form
 * takes those values back into its state once it is mounted (`takeTypedBeforeHydration`), and the notes end a
 * little after the first render (a lazy screen mounts just after it).
 */
const typed = new Map<string, string>()
const textTypes = new Set(['text', 'email', 'password', 'search', 'tel', 'url'])

function isTextInput(target: EventTarget | null): target is HTMLInputElement {
  return target instanceof HTMLInputElement && target.name !== '' && textTypes.has(target.type)
}

function note(event: Event) {
  if (isTextInput(event.target)) typed.set(event.target.name, event.target.value)
}

/** Notes what the prerendered inputs already hold, then every later keystroke, until `forgetTypedBeforeHydration`. */
export function keepTypedBeforeHydration(root: ParentNode): void {
  for (const input of root.querySelectorAll('input[name]'))
    if (isTextInput(input) && input.value !== '') typed.set(input.name, input.value)
  document.addEventListener('input', note, true)
}

/** Stops noting and forgets what no form took, after `delayMs`. */
export function forgetTypedBeforeHydration(delayMs: number): void {
  setTimeout(() => {
    document.removeEventListener('input', note, true)
    typed.clear()
  }, delayMs)
}

/** The values typed before hydration for these fields (each is given once), e.g. `{ firstname: 'Nadia' }`. */
export function takeTypedBeforeHydration(names: readonly string[]): Record<string, string> {
  const taken: Record<string, string> = {}
  for (const name of names) {
    const value = typed.get(name)
    if (value === undefined) continue
    taken[name] = value
    typed.delete(name)
  }
  return taken
}
