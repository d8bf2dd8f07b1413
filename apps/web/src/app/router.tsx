import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/ui/FullPageLoader';
import { NotFound } from '../components/ui/NotFound';
import { LoginPage } from '../features/auth/components/LoginPage';
import type { Role } from '@svp/shared';

// The login page ships in the entry chunk; everything else loads when first visited (DESIGN §7 budget).
const RegisterPage = lazy(() => import('../features/auth/components/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/components/ForgotPasswordPage'));
const AdminLoginPage = lazy(() => import('../features/auth/components/AdminLoginPage'));

/**
 * A guarded area: the guard (which validates the stored snapshot with zod) and the area load together,
 * in parallel, so neither zod nor the area weighs on the login page.
 */
function guardedArea(role: Role, load: () => Promise<{ default: () => ReactNode }>) {
  return lazy(async () => {
    const [{ RequireRole }, { default: Area }] = await Promise.all([import('./RequireRole'), load()]);
    return {
      default: () => (
        <RequireRole role={role}>
          <Area />
        </RequireRole>
      ),
    };
  });
}

const DashboardArea = guardedArea('user', () => import('../features/dashboard/components/DashboardRoutes'));
const AdminArea = guardedArea('admin', () => import('../features/admin/components/AdminRoutes'));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageLoader />}>{children}</Suspense>;
}

export const routes: RouteObject[] = [
  { path: '/', element: <LoginPage /> },
  {
    path: '/register',
    element: (
      <Lazy>
        <RegisterPage />
      </Lazy>
    ),
  },
  {
    path: '/forgetPass',
    element: (
      <Lazy>
        <ForgotPasswordPage />
      </Lazy>
    ),
  },
  {
    path: '/admin',
    element: (
      <Lazy>
        <AdminLoginPage />
      </Lazy>
    ),
  },
  {
    path: '/dashboard/*',
    element: (
      <Lazy>
        <DashboardArea />
      </Lazy>
    ),
  },
  {
    path: '/dashadmin/*',
    element: (
      <Lazy>
        <AdminArea />
      </Lazy>
    ),
  },
  { path: '*', element: <NotFound /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
