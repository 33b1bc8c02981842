import { ActionIcon, Badge, Button, Group, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { WorkspaceWithCount } from '@tracklane/shared/organizations/organizations.schema';
import { useState } from 'react';
import { EntityAvatar } from '../../../components/entity-avatar';
import { SettingsSection } from '../../../components/settings-section';
import { useOrganizationWorkspaces } from '../api/list-organization-workspaces';
import { DeleteWorkspaceModal } from './delete-workspace-modal';
import { WorkspaceFormModal } from './workspace-form-modal';
import classes from './workspaces-section.module.css';
import { QueryErrorAlert } from '../../../components/query-error-alert';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; workspace: WorkspaceWithCount }
  | { kind: 'delete'; workspace: WorkspaceWithCount };

const memberCount = (n: number) => `${String(n)} ${n === 1 ? 'member' : 'members'}`;

function WorkspaceRows({
  workspaces,
  onOpen,
}: {
  workspaces: WorkspaceWithCount[];
  onOpen: (d: Dialog) => void;
}) {
  return (
    <Table className={classes.table} verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Workspace</Table.Th>
          <Table.Th className={classes.count}>Members</Table.Th>
          <Table.Th className={classes.actions} aria-label="Actions" />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {workspaces.map((workspace) => (
          <Table.Tr key={workspace.workspaceId} data-testid="workspace-row">
            <Table.Td>
              <Group gap="sm" wrap="nowrap" className={classes.name}>
                <EntityAvatar name={workspace.name} image={workspace.image} size={34} />
                {/* The whole name, wrapping when it must: two workspaces may start alike. */}
                <div className={classes.nameText}>
                  <Text size="sm" fw={600} span className={classes.workspaceName}>
                    {workspace.name}
                  </Text>
                  {workspace.isDefault ? (
                    <Badge
                      variant="light"
                      color="gray"
                      size="sm"
                      radius="sm"
                      className={classes.defaultBadge}
                    >
                      Default
                    </Badge>
                  ) : null}
                  {/* On a phone the count moves under the name, its column gone. */}
                  <Text size="xs" c="dimmed" className={classes.countInline}>
                    {memberCount(workspace.memberCount)}
                  </Text>
                </div>
              </Group>
            </Table.Td>
            <Table.Td className={classes.count}>
              <Text size="sm" c="dimmed">
                {memberCount(workspace.memberCount)}
              </Text>
            </Table.Td>
            <Table.Td className={classes.actions}>
              <Group gap={4} wrap="nowrap" justify="flex-end">
                <Tooltip label="Rename or change image">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    onClick={() => onOpen({ kind: 'edit', workspace })}
                    aria-label={`Edit ${workspace.name}`}
                  >
                    <IconPencil size={16} stroke={1.75} />
                  </ActionIcon>
                </Tooltip>
                {workspace.isDefault ? (
                  <Tooltip label="The default workspace cannot be deleted">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      data-disabled
                      aria-disabled
                      onClick={(event) => event.preventDefault()}
                      aria-label={`Delete ${workspace.name}`}
                    >
                      <IconTrash size={16} stroke={1.75} />
                    </ActionIcon>
                  </Tooltip>
                ) : (
                  <Tooltip label="Delete workspace">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => onOpen({ kind: 'delete', workspace })}
                      aria-label={`Delete ${workspace.name}`}
                    >
                      <IconTrash size={16} stroke={1.75} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The organization's workspaces on the overview page: create, rename, image, delete (admins). */
export function WorkspacesSection() {
  const workspaces = useOrganizationWorkspaces();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // Kept while a dialog plays its closing transition, so its text does not change under the user.
  const [lastDialog, setLastDialog] = useState<Dialog | null>(null);
  const open = (next: Dialog) => {
    setDialog(next);
    setLastDialog(next);
  };
  const close = () => setDialog(null);
  const shown = dialog ?? lastDialog;

  return (
    <SettingsSection
      titleId="workspaces-title"
      title="Workspaces"
      description={
        workspaces.data
          ? `${String(workspaces.data.length)} in this organization. Members see only the workspaces they are in.`
          : 'Members see only the workspaces they are in.'
      }
      action={
        <Button leftSection={<IconPlus size={16} />} onClick={() => open({ kind: 'create' })}>
          Create workspace
        </Button>
      }
    >
      <div className={classes.body}>
        {workspaces.isPending ? (
          <Stack gap="sm" className={classes.state} aria-busy="true" aria-label="Loading workspaces">
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} height={34} radius="md" />
            ))}
          </Stack>
        ) : workspaces.isError ? (
          <div className={classes.state}>
            <QueryErrorAlert
              title="Could not load the workspaces"
              error={workspaces.error}
              onRetry={() => void workspaces.refetch()}
            />
          </div>
        ) : (
          <WorkspaceRows workspaces={workspaces.data} onOpen={open} />
        )}
      </div>

      <WorkspaceFormModal
        opened={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        onClose={close}
        workspace={shown?.kind === 'edit' ? shown.workspace : undefined}
        workspaces={workspaces.data ?? []}
      />
      <DeleteWorkspaceModal
        opened={dialog?.kind === 'delete'}
        onClose={close}
        workspace={shown?.kind === 'delete' ? shown.workspace : null}
      />
    </SettingsSection>
  );
}
