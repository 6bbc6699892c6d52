import type { PropsWithChildren } from 'react'
import { DocsContainer, type DocsContainerProps } from '@storybook/addon-docs/blocks'
import type { PreparedStory } from 'storybook/internal/types'

/** The screens' stories: 'Écrans/…' in the sidebar. */
export const isScreenStory = (story: { title: string }) => story.title.startsWith('Écrans/')

/** A phone's screen, scrolled inside its frame on the docs page. */
export const SCREEN_FRAME_HEIGHT = '720px'

/**
 * A screen's stories on its docs page each render in their own frame, as in the canvas: inline, they shared one
 * page and one set of msw handlers (the users list's 'Vide', 'Chargement' and 'Échec' all showed the loaded
 * table), and their fixed bars, sheets and dialogs covered the page. The rule is set here once, by title, so
 * every screen's file gets it; a story's own `docs.story.height` is kept.
 */
export function frameScreenStory(story: PreparedStory) {
  if (!isScreenStory(story)) return
  const docs = story.parameters.docs as { story?: { height?: string } } | undefined
  story.parameters.docs = {
    ...docs,
    story: { ...docs?.story, inline: false, height: docs?.story?.height ?? SCREEN_FRAME_HEIGHT },
  }
}

/** Storybook's docs container, with the screens' stories framed before the page's blocks read them. */
export function ScreenFramesDocsContainer(props: PropsWithChildren<DocsContainerProps>) {
  for (const story of props.context.componentStories()) frameScreenStory(story)
  return <DocsContainer {...props} />
}
