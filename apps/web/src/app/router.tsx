import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/ui/FullPageLoader';
import { NotFound } from '../components/ui/NotFound';
import { LoginPage } from '../features/auth/components/LoginPage';
import { RequireRole } from './RequireRole';

// The login page ships in the entry chunk; everything else loads when first visited (DESIGN §7 budget).
const RegisterPage = lazy(() => import('../features/auth/components/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/components/ForgotPasswordPage'));
const AdminLoginPage = lazy(() => import('../features/auth/components/AdminLoginPage'));
const DashboardRoutes = lazy(() => import('../features/dashboard/components/DashboardRoutes'));
const AdminRoutes = lazy(() => import('../features/admin/components/AdminRoutes'));

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
      <RequireRole role="user">
        <Lazy>
          <DashboardRoutes />
        </Lazy>
      </RequireRole>
    ),
  },
  {
    path: '/dashadmin/*',
    element: (
      <RequireRole role="admin">
        <Lazy>
          <AdminRoutes />
        </Lazy>
      </RequireRole>
    ),
  },
  { path: '*', element: <NotFound /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
