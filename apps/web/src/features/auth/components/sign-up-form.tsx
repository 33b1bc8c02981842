import { Anchor, Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  emailSchema,
  PASSWORD_MIN_LENGTH,
  plainPasswordSchema,
  registerRequestSchema,
} from '@tracklane/shared/auth/auth.schema';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormAlert } from '../../../components/form-alert';
import { paths } from '../../../config/paths';
import { validateForm, type FieldErrors } from '../../../lib/form-errors';
import { usePublicKey } from '../api/get-public-key';
import { useRegister } from '../api/register';
import { messageOf, useAuthError } from '../hooks/use-auth-error';
import { useAuthStore } from '../stores/auth-store';
import { useCodeResendStore } from '../stores/code-resend-store';
import { AuthScreen } from './auth-screen';
import { InvitationLinkNotice } from './invitation-link-notice';
import { passwordToggleProps } from './password-toggle';

// The server's own rules, so that both sides say the same thing.
const signUpSchema = z.object({
  firstName: registerRequestSchema.shape.firstName,
  lastName: registerRequestSchema.shape.lastName,
  email: emailSchema,
  password: plainPasswordSchema,
  confirmPassword: z.string(),
});

type SignUpValues = z.input<typeof signUpSchema>;

const EMPTY: SignUpValues = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

/** The confirmation is checked here only: it is never sent (spec §3, §5). */
function confirmationError({ password, confirmPassword }: SignUpValues): string | undefined {
  if (!confirmPassword) return 'Confirm your password';
  return confirmPassword === password ? undefined : 'Passwords do not match';
}

/**
 * The address an invitation e-mail's link carries (`/auth/sign-up?email=…`): the invitation waits for
 * exactly that address, so the form starts with it. Anything that is not an address is ignored.
 */
function invitedEmail(search: URLSearchParams): string {
  const parsed = emailSchema.safeParse(search.get('email') ?? '');
  return parsed.success ? parsed.data : '';
}

/** /auth/sign-up: registration, then the e-mailed code on the verify screen. */
export function SignUpForm() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [values, setValues] = useState<SignUpValues>(() => ({ ...EMPTY, email: invitedEmail(search) }));
  const [errors, setErrors] = useState<FieldErrors<SignUpValues>>({});
  const [authError, setAuthError] = useAuthError();
  const setRegistration = useAuthStore((state) => state.setRegistration);
  const markCodeSent = useCodeResendStore((state) => state.markCodeSent);
  const registerMutation = useRegister();
  usePublicKey();

  const field = (name: keyof SignUpValues) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { data, errors: invalid } = validateForm(signUpSchema, values);
    const confirmPassword = confirmationError(values);
    if (!data || confirmPassword) return setErrors({ ...invalid, confirmPassword });
    setAuthError(null);
    try {
      const result = await registerMutation.mutateAsync({
        firstName: data.firstName,
        lastName: data.lastName,
        email: data.email,
        password: data.password,
      });
      setRegistration(result);
      markCodeSent(result.email);
      void navigate(`${paths.auth.verifyEmail}?${new URLSearchParams({ email: result.email }).toString()}`);
    } catch (error) {
      setAuthError(messageOf(error));
    }
  };

  return (
    <AuthScreen
      title="Create your account"
      description="Track ocean containers and express parcels in one place."
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to={paths.auth.signIn} fw={600}>
            Sign in
          </Anchor>
        </>
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <InvitationLinkNotice />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              label="First name"
              autoComplete="given-name"
              required
              autoFocus
              {...field('firstName')}
            />
            <TextInput label="Last name" autoComplete="family-name" required {...field('lastName')} />
          </SimpleGrid>
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            {...field('email')}
          />
          <PasswordInput
            label="Password"
            description={`At least ${String(PASSWORD_MIN_LENGTH)} characters.`}
            autoComplete="new-password"
            required
            {...field('password')}
            {...passwordToggleProps}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            {...field('confirmPassword')}
            {...passwordToggleProps}
          />
          {authError ? <FormAlert tone="error">{authError}</FormAlert> : null}
          <Button type="submit" fullWidth loading={registerMutation.isPending}>
            Create account
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            We will e-mail you a 6&#8209;digit code to confirm the address.
          </Text>
        </Stack>
      </form>
    </AuthScreen>
  );
}
