import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/ui/FullPageLoader';
import { NotFound } from '../components/ui/NotFound';
import { LoginPage } from '../features/auth/components/LoginPage';
import { VERIFY_EMAIL_PAGE, type Role } from '@svp/shared';
import { setUnauthorizedHandler } from '../lib/api';
import { noteSessionEnded, sessionEndedLogin } from '../features/auth/return-path';
import { RequireRole } from './RequireRole';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { QueryArea } from './QueryArea';

/** Mantine's styles for the lazy screens; requested before the screen itself, so they come first in the cascade. */
const loadScreenStyles = () => import('./screen-styles');

type Screen = () => ReactNode;

/**
 * A screen that loads when first needed, with the lazy part of Mantine's styles (src/app/screen-styles.ts).
 * `preload()` starts that early (see preloadArea); rendering later reuses the same download.
 */
function lazyScreen(load: () => Promise<{ default: Screen }>) {
  let loading: Promise<{ default: Screen }> | null = null;
  const start = () =>
    (loading ??= Promise.all([loadScreenStyles(), load()]).then(
      ([, screen]) => screen,
      (error: unknown) => {
        loading = null; // a failed preload does not fail the render that follows: that one downloads again
        throw error;
      },
    ));
  return Object.assign(lazy(start), {
    preload: () => void start().catch(() => undefined), // a failure shows when the route renders it
  });
}

// The login page ships in the entry chunk; everything else loads when first visited (DESIGN §7 budget).
const RegisterPage = lazyScreen(() => import('../features/auth/components/RegisterPage'));
const ForgotPasswordPage = lazyScreen(() => import('../features/auth/components/ForgotPasswordPage'));
const AdminLoginPage = lazyScreen(() => import('../features/auth/components/AdminLoginPage'));
const VerifyEmailPage = lazyScreen(() => import('../features/account/components/VerifyEmailPage'));

// The guarded areas: the route guard (src/app/RequireRole.tsx, in the entry chunk) decides before their code loads.
const DashboardArea = lazyScreen(() => import('./routes/DashboardRoutes'));
const AdminArea = lazyScreen(() => import('./routes/AdminRoutes'));

/**
 * Starts loading the code of a guarded area before React renders anything, for a page load that opens on it
 * (src/main.tsx calls this when the stored user may enter that area); the route then renders sooner.
 */
export function preloadArea(role: Role): void {
  (role === 'admin' ? AdminArea : DashboardArea).preload();
  void import('./QueryProvider').catch(() => undefined); // every area's screens render inside it (QueryArea)
}

/** A lazy screen, with the query cache every screen but the login page reads (QueryArea.tsx). */
function Lazy({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <QueryArea>{children}</QueryArea>
    </Suspense>
  );
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
    // The e-mailed verification link (ADR 0023): public, it may be opened signed out or on another device.
    path: VERIFY_EMAIL_PAGE,
    element: (
      <Lazy>
        <VerifyEmailPage />
      </Lazy>
    ),
  },
  {
    path: '/dashboard/*',
    element: (
      <RequireRole role="user">
        <Lazy>
          <DashboardArea />
        </Lazy>
      </RequireRole>
    ),
  },
  {
    path: '/dashadmin/*',
    element: (
      <RequireRole role="admin">
        <Lazy>
          <AdminArea />
        </Lazy>
      </RequireRole>
    ),
  },
  { path: '*', element: <NotFound /> },
];

/**
 * The app's routes, for a router around them (BrowserRouter in the app, MemoryRouter in tests). Declarative
 * routing: the app uses no loaders or actions, and the data router weighed 15 KB (compressed) in the entry.
 */
export function AppRoutes() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    // A 401 means the session ended on the server: the client has already dropped the stored user. The login
    // page says so and, after sign-in, goes back to the page (read at the time: the handler outlives a page).
    setUnauthorizedHandler(() => {
      noteSessionEnded();
      void navigate(sessionEndedLogin(window.location), { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate]);
  return <RouteErrorBoundary location={location.key}>{useRoutes(routes)}</RouteErrorBoundary>;
}
