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
      // Whoever opens them, signed in or not (issue 40): the legal pages, and the page of the link mailed to
      // a new address, which is often opened on a device that is not signed in.
      {
        path: '/confidentialite',
        ...screenRoute(() => import('@/src/screens/legal/PrivacyPolicyScreen.tsx')),
      },
      {
        path: '/mentions-legales',
        ...screenRoute(() => import('@/src/screens/legal/LegalNoticeScreen.tsx')),
      },
      {
        path: '/accessibilite',
        ...screenRoute(() => import('@/src/screens/legal/AccessibilityStatementScreen.tsx')),
      },
      {
        path: '/confirmer-email',
        ...screenRoute(() => import('@/src/screens/auth/ConfirmEmailScreen.tsx')),
      },
      {
        path: '/unauthorized',
        ...screenRoute(() => import('@/src/screens/errors/AccessDeniedScreen.tsx')),
      },
      { path: '*', ...screenRoute(() => import('@/src/screens/errors/NotFoundScreen.tsx')) },
    ],
  },
]
