import { Anchor } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { adminPasswordLogin, type MfaStage } from '../api/admin-mfa';
import { ADMIN_LOGIN } from '../api/login';
import { AuthShell } from '../../../components/ui/AuthShell';
import { LoginForm } from './LoginForm';
import { TotpStep } from './TotpStep';

/** /admin: password first, then the second factor (set up on the first login, a code afterwards). */
export default function AdminLoginPage() {
  const navigate = useNavigate();
  const [stage, setStage] = useState<MfaStage | null>(null);

  return (
    <AuthShell>
      {stage ? (
        <TotpStep
          stage={stage}
          onDone={() => void navigate('/dashadmin', { replace: true })}
          onCancel={() => setStage(null)}
        />
      ) : (
        <LoginForm
          variant={ADMIN_LOGIN}
          title="Admin Login"
          subtitle="For SVP Invest administrators only."
          redirectTo="/dashadmin"
          submit={adminPasswordLogin}
          onSubmitted={(result) => setStage(result as MfaStage)}
          links={
            <>
              <Anchor component={Link} to="/forgetPass" fz="sm">
                Forget Password
              </Anchor>
              <Anchor component={Link} to="/register" fz="sm">
                Sign Up
              </Anchor>
              <Anchor component={Link} to="/" fz="sm">
                User Login
              </Anchor>
            </>
          }
        />
      )}
    </AuthShell>
  );
}
