import { Anchor, Loader } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { USER_LOGIN } from '../api/login';
import { AuthShell } from '../../../components/ui/AuthShell';
import { LoginForm } from './LoginForm';

// Only accounts with two-factor sign-in need the code step (and its zod schemas): not in the login page's budget.
const TotpStep = lazy(() => import('./TotpStep').then((m) => ({ default: m.TotpStep })));

/** /: the password, then, for an account with two-factor sign-in on, the code (ADR 0024). */
export function LoginPage() {
  const navigate = useNavigate();
  const [codeStep, setCodeStep] = useState(false);
  const toDashboard = () => void navigate('/dashboard', { replace: true });

  return (
    <AuthShell>
      {codeStep ? (
        <Suspense fallback={<Loader size="sm" aria-label="Loading" />}>
          <TotpStep portal="user" stage="verify" onDone={toDashboard} onCancel={() => setCodeStep(false)} />
        </Suspense>
      ) : (
        <LoginForm
          variant={USER_LOGIN}
          title="Welcome back"
          subtitle="Log in to manage your balance, plans and withdrawals."
          redirectTo="/dashboard"
          onSubmitted={(result) => (result === 'verify' ? setCodeStep(true) : toDashboard())}
          links={
            <>
              <Anchor component={Link} to="/forgetPass" fz="sm">
                Forgot Password?
              </Anchor>
              <Anchor component={Link} to="/register" fz="sm">
                Sign Up
              </Anchor>
              <Anchor component={Link} to="/admin" fz="sm" c="dimmed">
                Admin
              </Anchor>
            </>
          }
        />
      )}
    </AuthShell>
  );
}
