import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { USER_LOGIN } from '../api/login';
import { AuthShell } from './AuthShell';
import { LoginForm } from './LoginForm';

export function LoginPage() {
  return (
    <AuthShell>
      <LoginForm
        variant={USER_LOGIN}
        title="Welcome back"
        subtitle="Log in to manage your balance, plans and withdrawals."
        redirectTo="/dashboard"
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
    </AuthShell>
  );
}
