import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { ADMIN_LOGIN } from '../api/login';
import { AuthShell } from './AuthShell';
import { LoginForm } from './LoginForm';

export default function AdminLoginPage() {
  return (
    <AuthShell>
      <LoginForm
        variant={ADMIN_LOGIN}
        title="Admin Login"
        subtitle="For SVP Invest administrators only."
        redirectTo="/dashadmin"
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
    </AuthShell>
  );
}
