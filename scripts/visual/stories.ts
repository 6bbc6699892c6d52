import { readFileSync } from 'node:fs'

/** The viewports of the visual suite; 'component' is the story's natural size (the #storybook-root element). */
export const viewports = {
  phone: { width: 390, height: 844 },
  tablet: { width: 820, height: 1180 },
  desktop: { width: 1366, height: 900 },
  component: { width: 1024, height: 768 },
} as const

export type ViewportName = keyof typeof viewports

export interface IndexEntry {
  id: string
  title: string
  name: string
  type: 'story' | 'docs'
  importPath: string
  tags?: string[]
}

export interface StoryEntry {
  id: string
  title: string
  name: string
  importPath: string
}

export interface Capture {
  story: StoryEntry
  viewport: ViewportName
  /** File name under visual/baselines/, also the key of the capture. */
  key: string
}

export const captureKey = (storyId: string, viewport: ViewportName) => `${storyId}--${viewport}`

const isScreen = (title: string) => title.startsWith('Écrans/')
const isBackoffice = (title: string) => /back[- ]?office/i.test(title)

/**
 * Which viewports a story is captured at: screens ('Écrans/...') at the phone size, back-office screens at
 * the desktop size too; everything else (design system...) at its natural size. A story that declares
 * another viewport in its own `globals` (e.g. a tablet variant) is also captured at that one: see run.ts.
 */
export function viewportsFor(story: StoryEntry): ViewportName[] {
  if (!isScreen(story.title)) return ['component']
  return isBackoffice(story.title) ? ['phone', 'desktop'] : ['phone']
}

/** Every story of the build's index.json, minus docs entries and stories tagged 'no-visual'. */
export function readStories(indexJsonPath: string): StoryEntry[] {
  const index = JSON.parse(readFileSync(indexJsonPath, 'utf8')) as { entries: Record<string, IndexEntry> }
  return Object.values(index.entries)
    .filter((entry) => entry.type === 'story' && !(entry.tags ?? []).includes('no-visual'))
    .map(({ id, title, name, importPath }) => ({ id, title, name, importPath }))
    .sort((a, b) => a.id.localeCompare(b.id))
}
