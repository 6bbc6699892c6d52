import { Outlet, type RouteObject } from 'react-router'
import { OnlyAnonymous } from '../guards.tsx'
import { RootLayout } from '../providers.tsx'
import { backofficeRoutes } from './backoffice.tsx'
import { routeErrorElement, screenRoute } from './routeError.tsx'
import { publicRoutes } from './public.tsx'

/**
 * The spec's route table (section 2). Every screen's route has the French error page (screenRoute); the root's
 * catches what fails around them (a layout, a guard), so React Router's English default never shows.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: routeErrorElement,
    children: [
      {
        element: (
          <OnlyAnonymous>
            <Outlet />
          </OnlyAnonymous>
        ),
        children: [
          { path: '/login', ...screenRoute(() => import('@/src/screens/auth/LoginScreen.tsx')) },
          {
            path: '/inscription',
            ...screenRoute(() => import('@/src/screens/auth/RegisterScreen.tsx')),
          },
          {
            path: '/forgot-password',
            ...screenRoute(() => import('@/src/screens/auth/ForgotPasswordScreen.tsx')),
          },
          {
            path: '/reset-password',
            ...screenRoute(() => import('@/src/screens/auth/ResetPasswordScreen.tsx')),
          },
        ],
      },
      publicRoutes,
      backofficeRoutes,
      {
        path: '/unauthorized',
        ...screenRoute(() => import('@/src/screens/errors/AccessDeniedScreen.tsx')),
      },
      { path: '*', ...screenRoute(() => import('@/src/screens/errors/NotFoundScreen.tsx')) },
    ],
  },
]
