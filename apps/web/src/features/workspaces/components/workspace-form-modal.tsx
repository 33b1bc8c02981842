import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  WORKSPACE_MESSAGES,
  workspaceNameKey,
  type WorkspaceWithCount,
} from '@tracklane/shared/organizations/organizations.schema';
import { ENTITY_NAME_MAX_LENGTH } from '@tracklane/shared/validation/entity-name';
import { useState, type FormEvent } from 'react';
import { EntityImageField } from '../../../components/entity-image-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { KEEP_IMAGE, type ImageChange } from '../../../lib/entity-image';
import { entityNameError } from '../../../lib/entity-name';
import { useCreateWorkspace } from '../api/create-workspace';
import { useUpdateWorkspace } from '../api/update-workspace';

/** Which field a refused save belongs to: the image (type, size) or the name. */
const isImageRefusal = (error: unknown) =>
  isApiError(error) && (error.code === 'UNSUPPORTED_MEDIA_TYPE' || error.code === 'PAYLOAD_TOO_LARGE');

interface WorkspaceFormProps {
  /** The workspace to edit; absent to create one. */
  workspace?: WorkspaceWithCount;
  /** The organization's other workspaces' names, which this one may not take. */
  takenNames: readonly string[];
  onDone: () => void;
}

/** The other workspace already called this (case and spacing aside), as the server compares them. */
function takenBy(name: string, takenNames: readonly string[]): string | null {
  const key = workspaceNameKey(name);
  return takenNames.find((taken) => workspaceNameKey(taken) === key) ?? null;
}

function WorkspaceForm({ workspace, takenNames, onDone }: WorkspaceFormProps) {
  const [name, setName] = useState(workspace?.name ?? '');
  const [touched, setTouched] = useState(false);
  const [image, setImage] = useState<ImageChange>(KEEP_IMAGE);
  const [serverError, setServerError] = useState<{ field: 'name' | 'image'; message: string } | null>(null);
  const create = useCreateWorkspace();
  const update = useUpdateWorkspace();
  const pending = create.isPending || update.isPending;

  const holder = takenBy(name, takenNames);
  // The server says the same (and decides when two admins race); this says it before the request.
  const ruleError = entityNameError(name) ?? (holder ? WORKSPACE_MESSAGES.duplicateName(holder) : null);
  const nameError = touched
    ? (ruleError ?? (serverError?.field === 'name' ? serverError.message : null))
    : null;
  const unchanged = workspace !== undefined && name === workspace.name && image.kind === 'keep';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setServerError(null);
    if (ruleError || unchanged) return;
    try {
      if (workspace) {
        await update.mutateAsync({ workspaceId: workspace.workspaceId, workspaceName: name, image });
        notifications.show({ color: 'teal', message: 'Workspace saved' });
      } else {
        const { message } = await create.mutateAsync(name);
        notifications.show({ color: 'teal', message });
      }
      onDone();
    } catch (error) {
      setServerError({ field: isImageRefusal(error) ? 'image' : 'name', message: errorMessage(error) });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          label="Workspace name"
          placeholder="e.g. Imports Europe"
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setTouched(true);
            setServerError(null);
          }}
          error={nameError}
          maxLength={ENTITY_NAME_MAX_LENGTH}
          data-autofocus
          required
          data-testid="workspace-name-input"
        />
        {workspace ? (
          <EntityImageField
            name={name || workspace.name}
            currentImage={workspace.image}
            change={image}
            onChange={(change) => {
              setImage(change);
              setServerError(null);
            }}
            error={serverError?.field === 'image' ? serverError.message : null}
            disabled={pending}
            subject="workspace image"
          />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending} disabled={(touched && ruleError !== null) || unchanged}>
            {workspace ? 'Save' : 'Create workspace'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface WorkspaceFormModalProps {
  opened: boolean;
  onClose: () => void;
  workspace?: WorkspaceWithCount;
  /** Every workspace of the organization (the one edited is left out of the name check). */
  workspaces: readonly WorkspaceWithCount[];
}

/** Create a workspace, or rename one and set its image (spec §5 name rules, live). */
export function WorkspaceFormModal({ opened, onClose, workspace, workspaces }: WorkspaceFormModalProps) {
  const takenNames = workspaces.filter((w) => w.workspaceId !== workspace?.workspaceId).map((w) => w.name);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={workspace ? `Edit ${workspace.name}` : 'Create workspace'}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Keyed so that every opening starts from the saved values. */}
      <WorkspaceForm
        key={workspace?.workspaceId ?? 'new'}
        workspace={workspace}
        takenNames={takenNames}
        onDone={onClose}
      />
    </Modal>
  );
}
