import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** A named input as the notes read it (the unit suite runs in Node: no DOM). */
class FakeInput {
  defaultChecked = false
  checked = false
  name: string
  type: string
  value: string
  constructor(name: string, type: string, value: string) {
    this.name = name
    this.type = type
    this.value = value
  }
}

type Listener = (event: { target: unknown }) => void
/** The document's listeners, by event type. */
let listeners: Record<string, Listener> = {}
const location = { pathname: '/login' }

beforeEach(() => {
  vi.resetModules()
  vi.useFakeTimers()
  listeners = {}
  location.pathname = '/login'
  vi.stubGlobal('HTMLInputElement', FakeInput)
  vi.stubGlobal('window', { location })
  vi.stubGlobal('document', {
    addEventListener: (type: string, handler: Listener) => {
      listeners[type] = handler
    },
    removeEventListener: (type: string) => {
      delete listeners[type]
    },
  })
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

async function notesOn(path: string) {
  location.pathname = path
  const module = await import('./typedBeforeHydration.ts')
  module.keepTypedBeforeHydration({ querySelectorAll: () => [] } as unknown as ParentNode)
  return module
}

describe('typed before hydration', () => {
  it('gives the prerendered page’s form what was typed into it', async () => {
    const { takeTypedBeforeHydration } = await notesOn('/login')
    listeners.input({ target: new FakeInput('password', 'password', 'secret typed early') })
    expect(takeTypedBeforeHydration(['email', 'password'])).toEqual({ password: 'secret typed early' })
  })

  it('keeps a box ticked as the person left it, even when the hydrating page puts it back before `input`', async () => {
    const { takeTypedBeforeHydration } = await notesOn('/inscription')
    const terms = new FakeInput('acceptTerms', 'checkbox', 'on')
    terms.checked = true
    listeners.click({ target: terms })
    // React answers the click with the box as its state still says, then the browser fires `input`.
    terms.checked = false
    listeners.input({ target: terms })
    expect(takeTypedBeforeHydration(['acceptTerms', 'acceptPrivacy'])).toEqual({ acceptTerms: true })
  })

  it('gives nothing to a form on another page, even within the first seconds', async () => {
    // Opened on /menu, a password typed in 'Mon compte' (deleting the account), then the sign-in page.
    const { takeTypedBeforeHydration } = await notesOn('/menu')
    location.pathname = '/compte'
    listeners.input({ target: new FakeInput('password', 'password', 'the deleted account’s password') })
    location.pathname = '/login'
    expect(takeTypedBeforeHydration(['email', 'password'])).toEqual({})
  })

  it('forgets everything once the notes end', async () => {
    const { forgetTypedBeforeHydration, takeTypedBeforeHydration } = await notesOn('/login')
    listeners.input({ target: new FakeInput('email', 'email', 'camille@exemple.fr') })
    forgetTypedBeforeHydration(5_000)
    vi.advanceTimersByTime(5_000)
    expect(takeTypedBeforeHydration(['email'])).toEqual({})
  })
})
