import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { adminPasswordLogin, type MfaStage } from '../api/admin-mfa';
import { ADMIN_LOGIN } from '../api/login';
import { AuthShell } from '../../../components/ui/AuthShell';
import { LoginForm } from './LoginForm';
import { TotpStep } from './TotpStep';
import { loginReturn } from '../return-path';
import { SessionEndedNotice } from './SessionEndedNotice';

/** /admin: password first, then the second factor (set up on the first login, a code afterwards). */
export default function AdminLoginPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [stage, setStage] = useState<MfaStage | null>(null);
  const back = loginReturn(useLocation().search, '/dashadmin');

  return (
    <AuthShell>
      {stage ? (
        <TotpStep
          stage={stage}
          onDone={() => void navigate(back.to, { replace: true })}
          onCancel={() => setStage(null)}
        />
      ) : (
        <LoginForm
          variant={ADMIN_LOGIN}
          title={t`Admin Login`}
          subtitle={t`For SVP Invest administrators only.`}
          redirectTo={back.to}
          notice={<SessionEndedNotice ended={back.ended} />}
          submit={adminPasswordLogin}
          onSubmitted={(result) => setStage(result as MfaStage)}
          links={
            <>
              <Anchor component={Link} to="/forgetPass" fz="sm">
                <Trans>Forget Password</Trans>
              </Anchor>
              <Anchor component={Link} to="/register" fz="sm">
                <Trans>Sign Up</Trans>
              </Anchor>
              <Anchor component={Link} to="/" fz="sm">
                <Trans>User Login</Trans>
              </Anchor>
            </>
          }
        />
      )}
    </AuthShell>
  );
}
