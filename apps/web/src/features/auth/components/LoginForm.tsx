import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { LoginRequest } from '@svp/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useMsg } from '../../../shared/language/useMsg';
import { Logo } from '../../../components/ui/Logo';
import { PasswordField } from '../../../components/ui/PasswordField';
import { loginErrorMessage, preloadLoginSchema, useLogin, type LoginVariant } from '../api/login';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import { SubmitButton } from '../../../components/ui/SubmitButton';

interface LoginFormProps {
  variant: LoginVariant;
  title: string;
  subtitle: string;
  /** Where a successful login lands. */
  redirectTo: string;
  links: ReactNode;
  /** Replaces the one-step login (the admin login answers with a second-factor stage instead of a user). */
  submit?: (body: LoginRequest) => Promise<unknown>;
  /** Called instead of navigating to `redirectTo` when `submit` succeeded. */
  onSubmitted?: (result: unknown) => void;
  /** Above the form: why the visitor is here (the session ended). */
  notice?: ReactNode;
}

/** User and admin login share this form; only the endpoint, texts, links and destination differ. */
export function LoginForm(props: LoginFormProps) {
  const { variant, title, subtitle, redirectTo, links, submit, onSubmitted, notice } = props;
  const { t } = useLingui();
  const MSG = useMsg();
  const navigate = useNavigate();
  const mutation = useLogin(variant, submit);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(MSG.login.bothRequired);
      return;
    }
    setError(null);
    mutation.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (result) => (onSubmitted ? onSubmitted(result) : void navigate(redirectTo, { replace: true })),
        onError: (err) => setError(loginErrorMessage(err, variant)),
      },
    );
  }

  return (
    <Card withBorder radius="lg" shadow="md" padding="xl" w="100%" maw={420}>
      <Stack gap="lg">
        <Logo />
        <div>
          <Title order={1} fz="h2">
            {title}
          </Title>
          <Text c="dimmed" fz="sm">
            {subtitle}
          </Text>
        </div>
        {notice}
        <ErrorAlert message={error} title={null} />
        <form onSubmit={onSubmit} onFocus={preloadLoginSchema} noValidate>
          <Stack gap="md">
            <TextInput
              label={t`Email or phone`}
              name="email"
              autoComplete="username"
              placeholder="you@example.com"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <PasswordField
              label={t`Password`}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <SubmitButton size="md" fullWidth pending={mutation.isPending}>
              <Trans>Login</Trans>
            </SubmitButton>
          </Stack>
        </form>
        <Group justify="space-between" gap="xs" fz="sm">
          {links}
        </Group>
      </Stack>
    </Card>
  );
}
