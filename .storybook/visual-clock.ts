/**
 * What makes a story's picture the same on every run, installed in the test page before any story module loads
 * (the Storybook Vitest project's setup file imports it first): a fixed "today" that moves with real time (so
 * durations still work), seeded randomness, and timers that can be held while the screenshot is taken (a
 * carousel cannot move, a toast cannot leave). Requests in flight are counted so the screenshot waits for them.
 */

/** 'Today' for every story: 15 June 2026, 10:00 in Paris. */
export const frozenTime = new Date('2026-06-15T10:00:00+02:00').getTime()

const RealDate = Date
const realNow = performance.now.bind(performance)
/** When the current test file started: each file's "today" starts at `frozenTime`, whatever ran before it. */
let startedAt = realNow()
const now = () => frozenTime + Math.floor(realNow() - startedAt)

function installDate() {
  function FixedDate(this: unknown, ...args: unknown[]) {
    if (!new.target) return new RealDate(now()).toString()
    return Reflect.construct(RealDate, args.length ? args : [now()], new.target) as Date
  }
  FixedDate.prototype = RealDate.prototype
  Object.setPrototypeOf(FixedDate, RealDate)
  FixedDate.now = now
  FixedDate.parse = RealDate.parse
  FixedDate.UTC = RealDate.UTC
  globalThis.Date = FixedDate as unknown as DateConstructor
}

const initialSeed = 0x2f6b3a1d
let seed = initialSeed

/** mulberry32: the same sequence on every run, for Math.random and crypto.randomUUID. */
function installRandom() {
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  Math.random = random
  crypto.randomUUID = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16))
    hex[12] = '4'
    hex[16] = ((parseInt(hex[16]!, 16) & 3) | 8).toString(16)
    const s = hex.join('')
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}` as const
  }
}

let held = false
/** Whether intervals' ticks are skipped (from the end of the play function to the last picture). */
let intervalsHeld = false
/** Callbacks that came due while the timers were held; they run as soon as the hold ends. */
let deferred: (() => void)[] = []
/** One-shot timers due within a second: the story is still settling while any is pending. */
const pendingShort = new Map<unknown, number>()
/** Requests in flight and when each started. */
const requestsInFlight = new Map<object, number>()

type TimerFunction = (callback: (...args: unknown[]) => void, delay?: number, ...rest: unknown[]) => number

function wrapTimer(name: 'setTimeout' | 'setInterval' | 'requestAnimationFrame', clearName: string) {
  const target = globalThis as unknown as Record<string, TimerFunction>
  const real = target[name]!
  const realClear = target[clearName] as unknown as (id: number) => void
  const oneShot = name !== 'setInterval'
  target[name] = function (this: unknown, callback, delay, ...rest) {
    if (typeof callback !== 'function') return real.call(this, callback, delay, ...rest)
    const token = {}
    const tracked = oneShot && (name === 'requestAnimationFrame' || !((delay ?? 0) >= 1000))
    const id = real.call(
      this,
      function (this: unknown, ...args: unknown[]) {
        pendingShort.delete(token)
        if (!oneShot && intervalsHeld) return
        if (!held) return callback.apply(this, args)
        // An interval's tick is skipped while held (the next one comes); a one-shot callback waits.
        if (oneShot) deferred.push(() => callback.apply(this, args))
      },
      delay,
      ...rest,
    )
    if (tracked) pendingShort.set(token, id)
    return id
  } as TimerFunction
  target[clearName] = function (id: number) {
    for (const [token, tokenId] of pendingShort) if (tokenId === id) pendingShort.delete(token)
    return realClear.call(globalThis, id)
  } as unknown as TimerFunction
}

function countRequests() {
  const realFetch = globalThis.fetch
  globalThis.fetch = async function (...args: Parameters<typeof fetch>) {
    const token = {}
    requestsInFlight.set(token, realNow())
    try {
      return await realFetch.apply(this, args)
    } finally {
      requestsInFlight.delete(token)
    }
  }
}

let installed = false

/**
 * Called by the setup file before each test file. The story files share one page (the project's `isolate:
 * false`), so the patches are installed once (installing again would wrap the timers once more per file) and
 * each file starts from the same "today" and the same random sequence, as in a page of its own.
 */
export function installVisualClock() {
  startedAt = realNow()
  seed = initialSeed
  if (installed) return
  installed = true
  installDate()
  installRandom()
  wrapTimer('setTimeout', 'clearTimeout')
  wrapTimer('setInterval', 'clearInterval')
  wrapTimer('requestAnimationFrame', 'cancelAnimationFrame')
  countRequests()
}

/**
 * Whether a short timer or a recent request is still pending (the story has not settled yet). A request in
 * flight for `patience` ms already is left pending on purpose (a 'loading' or 'submitting' story, whose
 * handler never answers) and no longer counts: such a request, or one a previous story of the file left
 * unanswered, would otherwise hold every later settling of the file for the whole patience again.
 */
export function settling(patience: number) {
  const startedAfter = realNow() - patience
  let requests = 0
  for (const started of requestsInFlight.values()) if (started > startedAfter) requests += 1
  return { timers: pendingShort.size, requests }
}

/** Holds every timer of the page (callbacks that come due wait) until `release`. */
export function holdTimers() {
  held = true
}

/**
 * Skips intervals' ticks until `releaseIntervals`, while one-shot timers still run (the settling waits for
 * them): what repeats on its own (an auto-advancing carousel) stays where the play function saw it, however
 * long the settling takes on a loaded machine.
 */
export function holdIntervals() {
  intervalsHeld = true
}

export function releaseIntervals() {
  intervalsHeld = false
}

export function releaseTimers() {
  held = false
  const due = deferred
  deferred = []
  for (const callback of due) callback()
}
