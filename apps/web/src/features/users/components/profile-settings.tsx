import {
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconWorld } from '@tabler/icons-react';
import {
  updateProfileRequestSchema,
  type PublicUser,
  type UpdateProfileRequest,
} from '@tracklane/shared/auth/auth.schema';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/dates';
import { validateForm, type FieldErrors } from '../../../lib/form-errors';
import { useUpdateProfile } from '../api/update-profile';
import { timeZoneGroups } from '../utils/time-zones';
import { AvatarField } from './avatar-field';
import classes from './profile-settings.module.css';

interface ProfileSettingsProps {
  user: PublicUser;
  /** Called with the server's user after each change, so the rest of the app shows it at once. */
  onUserChange: (user: PublicUser) => void;
}

const valuesOf = ({ firstName, lastName, timeZone }: PublicUser): UpdateProfileRequest => ({
  firstName,
  lastName,
  timeZone,
});

function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className={classes.section}>
      <div className={classes.sectionIntro}>
        <Title order={2} fz="md">
          {title}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {description}
        </Text>
      </div>
      <div className={classes.sectionBody}>{children}</div>
    </div>
  );
}

/** Profile Settings: photo, name and time zone; the e-mail is shown, not edited. */
export function ProfileSettings({ user, onUserChange }: ProfileSettingsProps) {
  const [values, setValues] = useState<UpdateProfileRequest>(() => valuesOf(user));
  const [errors, setErrors] = useState<FieldErrors<UpdateProfileRequest>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const updateProfile = useUpdateProfile();
  const browserZone = useMemo(() => browserTimeZone(), []);
  const zones = useMemo(() => timeZoneGroups([user.timeZone, browserZone]), [user.timeZone, browserZone]);

  const saved = valuesOf(user);
  const changed = (Object.keys(saved) as Array<keyof UpdateProfileRequest>).some(
    (field) => values[field] !== saved[field],
  );

  const change = (field: keyof UpdateProfileRequest, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { data, errors: invalid } = validateForm(updateProfileRequestSchema, values);
    if (!data) return setErrors(invalid);
    setSaveError(null);
    try {
      const updated = await updateProfile.mutateAsync(data);
      setValues(valuesOf(updated));
      onUserChange(updated);
      notifications.show({ color: 'teal', message: 'Profile saved' });
    } catch (error) {
      setSaveError(errorMessage(error));
    }
  };

  return (
    <Paper withBorder radius="lg" className={classes.card}>
      <SettingsSection title="Photo" description="Shown to your colleagues next to your name.">
        <AvatarField user={user} onUserChange={onUserChange} />
      </SettingsSection>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <SettingsSection
          title="Personal details"
          description="Dates and times across Tracklane are shown in your time zone."
        >
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label="First name"
                autoComplete="given-name"
                required
                value={values.firstName}
                onChange={(event) => change('firstName', event.currentTarget.value)}
                error={errors.firstName}
              />
              <TextInput
                label="Last name"
                autoComplete="family-name"
                required
                value={values.lastName}
                onChange={(event) => change('lastName', event.currentTarget.value)}
                error={errors.lastName}
              />
            </SimpleGrid>
            <TextInput
              label="E-mail"
              description="The address you sign in with. It cannot be changed."
              value={user.email}
              readOnly
              variant="filled"
              autoComplete="email"
            />
            <div>
              <Select
                label="Time zone"
                searchable
                required
                data={zones}
                value={values.timeZone}
                onChange={(zone) => change('timeZone', zone ?? '')}
                allowDeselect={false}
                nothingFoundMessage="No time zone matches"
                leftSection={<IconWorld size={16} stroke={1.75} />}
                maxDropdownHeight={280}
                error={errors.timeZone}
                comboboxProps={{ shadow: 'md' }}
              />
              {values.timeZone !== browserZone ? (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  mt={6}
                  onClick={() => change('timeZone', browserZone)}
                >
                  Use browser time zone ({browserZone})
                </Anchor>
              ) : null}
            </div>
            {saveError ? <FormAlert tone="error">{saveError}</FormAlert> : null}
            <Group justify="flex-end" gap="sm">
              {changed ? (
                <Button variant="default" onClick={() => setValues(saved)} disabled={updateProfile.isPending}>
                  Discard changes
                </Button>
              ) : null}
              <Button type="submit" disabled={!changed} loading={updateProfile.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </SettingsSection>
      </form>
    </Paper>
  );
}
