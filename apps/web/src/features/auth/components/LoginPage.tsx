import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Loader } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { USER_LOGIN } from '../api/login';
import { AuthShell } from '../../../components/ui/AuthShell';
import { QueryArea } from '../../../app/QueryArea';
import { LoginForm } from './LoginForm';
import { loginReturn } from '../return-path';
import { SessionEndedNotice } from './SessionEndedNotice';

// Only accounts with two-factor sign-in need the code step (and its zod schemas): not in the login page's budget.
const TotpStep = lazy(() => import('./TotpStep').then((m) => ({ default: m.TotpStep })));

/** /: the password, then, for an account with two-factor sign-in on, the code (ADR 0024). */
export function LoginPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [codeStep, setCodeStep] = useState(false);
  // After a session ended on a page, sign-in goes back to that page (only a path inside the dashboard).
  const back = loginReturn(useLocation().search, '/dashboard');
  const toDashboard = () => void navigate(back.to, { replace: true });

  return (
    <AuthShell>
      {codeStep ? (
        <Suspense fallback={<Loader size="sm" aria-label={t`Loading`} />}>
          <QueryArea>
            <TotpStep portal="user" stage="verify" onDone={toDashboard} onCancel={() => setCodeStep(false)} />
          </QueryArea>
        </Suspense>
      ) : (
        <LoginForm
          variant={USER_LOGIN}
          title={t`Welcome back`}
          subtitle={t`Log in to manage your balance, plans and withdrawals.`}
          redirectTo={back.to}
          notice={<SessionEndedNotice ended={back.ended} />}
          onSubmitted={(result) => (result === 'verify' ? setCodeStep(true) : toDashboard())}
          links={
            <>
              <Anchor component={Link} to="/forgetPass" fz="sm">
                <Trans>Forgot Password?</Trans>
              </Anchor>
              <Anchor component={Link} to="/register" fz="sm">
                <Trans>Sign Up</Trans>
              </Anchor>
              <Anchor component={Link} to="/admin" fz="sm" c="dimmed">
                <Trans>Admin</Trans>
              </Anchor>
            </>
          }
        />
      )}
    </AuthShell>
  );
}
