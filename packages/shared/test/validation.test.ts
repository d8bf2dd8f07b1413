import { describe, expect, it } from 'vitest';
import { MSG } from '../src/messages.js';
import { registerRequestSchema } from '../src/schemas.js';
import { validateRegistrationForm, type RegistrationForm } from '../src/validation.js';

const valid: RegistrationForm = {
  email: 'ann@example.com',
  password: 'correct horse',
  confirmPassword: 'correct horse',
  referralCode: '',
  walletAddress: '0x' + 'a'.repeat(40),
  termsChecked: true,
};

describe('registration form rules (SPEC §5)', () => {
  it('accepts a valid form', () => {
    expect(validateRegistrationForm(valid)).toEqual({});
  });

  it('shows every failing check together, with the spec messages', () => {
    const errors = validateRegistrationForm({
      ...valid,
      email: '',
      password: '',
      confirmPassword: 'x',
      walletAddress: ' ',
      termsChecked: false,
    });
    expect(errors).toEqual({
      walletAddress: MSG.register.walletRequired,
      email: MSG.register.emailInvalid,
      password: MSG.register.passwordShort,
      termsChecked: MSG.register.termsRequired,
    });
  });

  it('checks the confirmation only when every other check passed', () => {
    expect(validateRegistrationForm({ ...valid, confirmPassword: 'other' })).toEqual({
      confirmPassword: MSG.register.passwordsMismatch,
    });
    expect(validateRegistrationForm({ ...valid, confirmPassword: 'other', termsChecked: false })).toEqual({
      termsChecked: MSG.register.termsRequired,
    });
  });

  it('does not validate the referral code on the client', () => {
    expect(validateRegistrationForm({ ...valid, referralCode: '!!!' })).toEqual({});
  });
});

describe('server registration schema', () => {
  it('rejects a non-BEP-20 wallet with the spec message', () => {
    const result = registerRequestSchema.safeParse({ email: 'a@b.co', password: '12345678', walletAddress: 'abc' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MSG.register.walletInvalid);
  });

  it('trims the email and defaults the referral code', () => {
    const parsed = registerRequestSchema.parse({
      email: ' a@b.co ',
      password: '12345678',
      walletAddress: valid.walletAddress,
    });
    expect(parsed).toMatchObject({ email: 'a@b.co', referralCode: '' });
  });
});
