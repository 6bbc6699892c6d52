/** A map moved from the keyboard: arrow keys pan by a step, + (or =) and - zoom by one. */
export interface KeyboardMovable {
  panBy(x: number, y: number): void
  setZoom(zoom: number): void
}

const STEP = 100

/**
 * Moves `map` for a key press when the key is one of the map's keys (the default action prevented), as Google's
 * map does; returns whether it did. `zoom` is the map's current zoom.
 */
export function moveMapForKey(map: KeyboardMovable, zoom: number, event: KeyboardEvent): boolean {
  const moves: Record<string, () => void> = {
    ArrowLeft: () => map.panBy(-STEP, 0),
    ArrowRight: () => map.panBy(STEP, 0),
    ArrowUp: () => map.panBy(0, -STEP),
    ArrowDown: () => map.panBy(0, STEP),
    '+': () => map.setZoom(zoom + 1),
    '=': () => map.setZoom(zoom + 1),
    '-': () => map.setZoom(zoom - 1),
  }
  const move = moves[event.key]
  if (!move) return false
  event.preventDefault()
  move()
  return true
}
