import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ENTITY_NAME_MAX_LENGTH } from '@tracklane/shared/validation/entity-name';
import { useState, type FormEvent } from 'react';
import { EntityImageField } from '../../../components/entity-image-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { KEEP_IMAGE, type ImageChange } from '../../../lib/entity-image';
import { entityNameError } from '../../../lib/entity-name';
import { useUpdateOrganization } from '../api/update-organization';

interface OrganizationCardProps {
  organizationName: string;
  image: string | null;
}

type ServerError = { field: 'name' | 'image'; message: string };

const isImageRefusal = (error: unknown) =>
  isApiError(error) && (error.code === 'UNSUPPORTED_MEDIA_TYPE' || error.code === 'PAYLOAD_TOO_LARGE');

/**
 * The organization's name and image (admins). The name follows spec §5's rules live; nothing is sent
 * until Save. Give it a key of the saved values so that it starts over after each save.
 */
export function OrganizationCard({ organizationName, image: savedImage }: OrganizationCardProps) {
  const [name, setName] = useState(organizationName);
  const [image, setImage] = useState<ImageChange>(KEEP_IMAGE);
  const [serverError, setServerError] = useState<ServerError | null>(null);
  const update = useUpdateOrganization();

  const ruleError = entityNameError(name);
  const changed = name !== organizationName || image.kind !== 'keep';
  const nameError =
    name !== organizationName ? ruleError : serverError?.field === 'name' ? serverError.message : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (ruleError || !changed) return;
    try {
      await update.mutateAsync({ organizationName: name, image });
      notifications.show({ color: 'teal', message: 'Organization saved' });
    } catch (error) {
      setServerError({
        field: isImageRefusal(error) ? 'image' : 'name',
        message: errorMessage(error),
      });
    }
  };

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="organization-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="lg">
          <Stack gap={2}>
            <Title order={2} id="organization-title">
              Organization
            </Title>
            <Text size="sm" c="dimmed">
              The name and image every member sees in the workspace rail.
            </Text>
          </Stack>
          <EntityImageField
            name={name || organizationName}
            currentImage={savedImage}
            change={image}
            onChange={(change) => {
              setImage(change);
              setServerError(null);
            }}
            error={serverError?.field === 'image' ? serverError.message : null}
            disabled={update.isPending}
            subject="organization image"
          />
          <TextInput
            label="Organization name"
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setServerError(null);
            }}
            error={nameError}
            maxLength={ENTITY_NAME_MAX_LENGTH}
            required
            data-testid="organization-name-input"
          />
          <Group justify="flex-end" gap="sm">
            {changed ? (
              <Button
                variant="default"
                onClick={() => {
                  setName(organizationName);
                  setImage(KEEP_IMAGE);
                  setServerError(null);
                }}
                disabled={update.isPending}
              >
                Discard
              </Button>
            ) : null}
            <Button type="submit" loading={update.isPending} disabled={!changed || ruleError !== null}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
