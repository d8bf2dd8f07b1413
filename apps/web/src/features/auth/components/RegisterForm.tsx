import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Checkbox, Stack, Text, TextInput, Title } from '@mantine/core';
import { validateRegistrationForm, type RegistrationField, type RegistrationForm } from '@svp/shared';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Logo } from '../../../components/ui/Logo';
import { legalPage, localizeText } from '../../../shared/language/i18n';
import { useMsg } from '../../../shared/language/useMsg';
import { PasswordField } from '../../../components/ui/PasswordField';
import { registerFailure, useRegister } from '../api/register';
import { TermsModal } from './TermsModal';
import { useCountdown } from './useCountdown';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';

/** SPEC §9: seconds between a successful sign-up and the login page. */
export const REDIRECT_SECONDS = 5;

const EMPTY: RegistrationForm = {
  email: '',
  password: '',
  confirmPassword: '',
  referralCode: '',
  walletAddress: '',
  termsChecked: false,
};

type Errors = Partial<Record<RegistrationField, string>>;
type TextField = Exclude<RegistrationField, 'termsChecked'>;

export function RegisterForm() {
  const { t } = useLingui();
  const MSG = useMsg();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const mutation = useRegister();
  // A shared referral link (?ref=CODE) fills the code in; the person can still change it.
  const [form, setForm] = useState<RegistrationForm>(() => ({ ...EMPTY, referralCode: params.get('ref') ?? '' }));
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const countdown = useCountdown(REDIRECT_SECONDS, () => void navigate('/'));

  function setField(name: TextField, value: string) {
    setForm((f) => ({ ...f, [name]: value }));
    setErrors(({ [name]: _dropped, ...rest }) => rest);
  }

  const text = (name: TextField) => ({
    name,
    value: form[name],
    error: errors[name],
    onChange: (e: { currentTarget: { value: string } }) => setField(name, e.currentTarget.value),
  });

  function onTermsClick() {
    // Clicking cannot untick: a ticked box stays ticked, an unticked one opens the terms.
    if (!form.termsChecked) setTermsOpen(true);
  }

  function onAgree() {
    setForm((f) => ({ ...f, termsChecked: true }));
    setErrors(({ termsChecked: _dropped, ...rest }) => rest);
    setTermsOpen(false);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setGeneral(null);
    setSuccess(false);
    // The shared validation speaks English: each message is shown in the reader's language.
    const found = Object.fromEntries(
      Object.entries(validateRegistrationForm(form)).map(([name, text]) => [name, localizeText(text)]),
    ) as Errors;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate(
      {
        email: form.email.trim(),
        password: form.password,
        walletAddress: form.walletAddress.trim(),
        referralCode: form.referralCode.trim(),
      },
      {
        onSuccess: () => {
          setSuccess(true);
          setForm(EMPTY);
          setErrors({});
          countdown.start();
        },
        onError: (error) => {
          const failure = registerFailure(error);
          setErrors(failure.fields);
          setGeneral(failure.general);
        },
      },
    );
  }

  const left = countdown.left;
  const busy = mutation.isPending || left !== null;

  return (
    <Stack gap="lg">
      <Logo />
      <Title order={1} fz="h2">
        <Trans>Sign up for an account</Trans>
      </Title>

      <ErrorAlert message={general} />
      {success && (
        <Alert color="green" variant="light" role="status" title={MSG.register.success}>
          {left !== null && (
            <Text fz="sm">
              <Trans>
                Redirecting to the login page in <b data-testid="countdown">{left}</b>{' '}
                <Plural value={left} one="second" other="seconds" />
                ...
              </Trans>
            </Text>
          )}
        </Alert>
      )}

      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t`Email address`}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...text('email')}
          />
          <PasswordField
            label={t`Password`}
            autoComplete="new-password"
            description={t`At least 8 characters.`}
            {...text('password')}
          />
          <PasswordField label={t`Confirm password`} autoComplete="new-password" {...text('confirmPassword')} />
          <TextInput label={t`Referral code (optional)`} autoComplete="off" {...text('referralCode')} />
          <TextInput
            label={t`Wallet address`}
            description={t`Your USDT (BEP-20) address for withdrawals. Only support can change it later.`}
            placeholder="0x…"
            autoComplete="off"
            spellCheck={false}
            {...text('walletAddress')}
          />
          <Checkbox
            name="termsChecked"
            checked={form.termsChecked}
            onChange={onTermsClick}
            error={errors.termsChecked}
            label={
              <Trans>
                I agree to the Terms and Conditions (
                <Anchor href={legalPage('terms')} target="_blank" rel="noopener" fz="sm" underline="always">
                  read them
                </Anchor>
                )
              </Trans>
            }
          />
          <Button type="submit" size="md" fullWidth loading={mutation.isPending} disabled={busy}>
            <Trans>Register</Trans>
          </Button>
          <Text ta="center" fz="sm">
            <Trans>
              Already have an account?{' '}
              <Anchor component={Link} to="/" fw={600} inherit underline="always">
                Login here
              </Anchor>
            </Trans>
          </Text>
          <Text ta="center" fz="xs" c="dimmed">
            <Trans>After signing up, check your Inbox or Spam folder for a welcome message.</Trans>
          </Text>
        </Stack>
      </form>

      <TermsModal opened={termsOpen} onClose={() => setTermsOpen(false)} onAgree={onAgree} />
    </Stack>
  );
}
