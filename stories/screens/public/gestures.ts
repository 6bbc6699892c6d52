import { userEvent } from 'storybook/test'

/**
 * Drags an element horizontally with real pointer events (down on the element, moves and up on the window, as
 * a finger does), in small steps so the gesture library sees a movement.
 */
export async function swipe(element: HTMLElement, dx: number, steps = 8): Promise<void> {
  const rect = element.getBoundingClientRect()
  const x = rect.left + 24
  const y = rect.top + rect.height / 2
  const init = (clientX: number, buttons: number): PointerEventInit => ({
    bubbles: true,
    cancelable: true,
    pointerId: 1,
    pointerType: 'mouse',
    isPrimary: true,
    clientX,
    clientY: y,
    buttons,
  })
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))
  element.dispatchEvent(new PointerEvent('pointerdown', init(x, 1)))
  for (let step = 1; step <= steps; step++) {
    window.dispatchEvent(new PointerEvent('pointermove', init(x + (dx * step) / steps, 1)))
    await frame()
  }
  window.dispatchEvent(new PointerEvent('pointerup', init(x + dx, 0)))
  await frame()
}

/** How long both map doubles take at most to report a view that stopped changing (the fake one: 30 ms). */
const MAP_SETTLE_MS = 100

/**
 * Pans the focused map east with the arrow key, `presses` times, and waits until the map has reported where it
 * stopped. Each press that settles on its own (a loaded machine) is reported, and the screen offers 'Rechercher
 * dans cette zone' from the first report: without the wait, the last press's report could come after a click on
 * that offer, and offer it again.
 */
export async function panMapEast(map: HTMLElement, presses: number): Promise<void> {
  map.focus()
  for (let i = 0; i < presses; i++) await userEvent.keyboard('{ArrowRight}')
  await new Promise((resolve) => setTimeout(resolve, MAP_SETTLE_MS))
}
