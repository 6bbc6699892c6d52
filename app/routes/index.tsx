import { Outlet, type RouteObject } from 'react-router'
import { OnlyAnonymous } from '../guards.tsx'
import { RootLayout } from '../providers.tsx'
import { backofficeRoutes } from './backoffice.tsx'
import { lazyScreen } from './lazyScreen.ts'
import { publicRoutes } from './public.tsx'

/** The spec's route table (section 2). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: (
          <OnlyAnonymous>
            <Outlet />
          </OnlyAnonymous>
        ),
        children: [
          { path: '/login', lazy: lazyScreen(() => import('@/src/screens/auth/LoginScreen.tsx')) },
          {
            path: '/inscription',
            lazy: lazyScreen(() => import('@/src/screens/auth/RegisterScreen.tsx')),
          },
          {
            path: '/forgot-password',
            lazy: lazyScreen(() => import('@/src/screens/auth/ForgotPasswordScreen.tsx')),
          },
          {
            path: '/reset-password',
            lazy: lazyScreen(() => import('@/src/screens/auth/ResetPasswordScreen.tsx')),
          },
        ],
      },
      publicRoutes,
      backofficeRoutes,
      {
        path: '/unauthorized',
        lazy: lazyScreen(() => import('@/src/screens/errors/AccessDeniedScreen.tsx')),
      },
      { path: '*', lazy: lazyScreen(() => import('@/src/screens/errors/NotFoundScreen.tsx')) },
    ],
  },
]
