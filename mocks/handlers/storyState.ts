/**
 * Handlers that keep state (a favourites list the story changes, a call that fails only the first time) are
 * created once, with the story's parameters, but a story can be rendered several times: a test retried on a
 * loaded machine, a designer coming back to it in Storybook. Each registers how to return to its start, and the
 * preview calls resetHandlerState() before every story, so a story never sees what an earlier run changed.
 */
const resets: (() => void)[] = []

export function onStoryStart(reset: () => void): void {
  resets.push(reset)
}

export function resetHandlerState(): void {
  for (const reset of resets) reset()
}
