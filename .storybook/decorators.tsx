import type { Decorator } from '@storybook/react-vite'
import { useState, type ComponentType } from 'react'
import { MemoryRouter, Route, Routes, createMemoryRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { SWRConfig } from 'swr'
import type { AuthUser } from '../contract/schemas.ts'
import { DesignSystemProvider } from '../src/design-system/theme/index.ts'
import { SessionProvider, writeStoredUser } from '../src/session/index.ts'
import { NotificationProvider } from '../src/notifications/index.ts'
import { NotificationToast } from '../src/notifications/NotificationToast.tsx'
import { NextScreen } from './NextScreen.tsx'

export interface StoryRouterParameters {
  /** The route pattern the story renders at, e.g. '/partenaire/:id'. Default: any path. */
  path?: string
  /** The history to start from; the last entry is the current location. Default: ['/']. */
  initialEntries?: string[]
  /**
   * A data router (the app's kind) instead of a plain memory router: what `useBlocker` needs (the forms'
   * "Abandonner les modifications ?" on leaving).
   */
  data?: boolean
}

declare module '@storybook/react-vite' {
  interface Parameters {
    /** The signed-in user of the story (null: signed out, the default). */
    session?: { user: AuthUser | null }
    router?: StoryRouterParameters
    /** false: the story renders its own toast region (the Toast component's own stories). */
    globalToast?: boolean
  }
}

/** The story at its route under a data memory router, made once per story render tree. */
function DataRouterStory({ Story, router }: { Story: ComponentType; router: StoryRouterParameters }) {
  const [dataRouter] = useState(() =>
    createMemoryRouter(
      [
        { path: router.path ?? '*', element: <Story /> },
        ...(router.path ? [{ path: '*', element: <NextScreen /> }] : []),
      ],
      { initialEntries: router.initialEntries ?? ['/'] },
    ),
  )
  return <RouterProvider router={dataRouter} />
}

/**
 * Every story renders inside the same providers as the app: theme and global style, session, notifications,
 * a fresh SWR cache (so stories never share data) and a memory router (a data one with `router.data`).
 */
export const withAppProviders: Decorator = (Story, context) => {
  const user = context.parameters.session?.user ?? null
  // The API client reads the token from storage, exactly as in the app.
  writeStoredUser(user)
  const router = context.parameters.router ?? {}
  return (
    <DesignSystemProvider>
      <SessionProvider initialUser={user} key={context.id}>
        <NotificationProvider>
          <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
            {router.data ? (
              <DataRouterStory Story={Story} router={router} />
            ) : (
              <MemoryRouter initialEntries={router.initialEntries ?? ['/']}>
                <Routes>
                  <Route path={router.path ?? '*'} element={<Story />} />
                  {router.path ? <Route path="*" element={<NextScreen />} /> : null}
                </Routes>
              </MemoryRouter>
            )}
            {context.parameters.globalToast === false ? null : <NotificationToast />}
          </SWRConfig>
        </NotificationProvider>
      </SessionProvider>
    </DesignSystemProvider>
  )
}
