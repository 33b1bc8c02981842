import { ActionIcon, Badge, Button, Group, MultiSelect, Select, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserMinus } from '@tabler/icons-react';
import type {
  OrganizationMember,
  OrganizationRole,
  Workspace,
} from '@tracklane/shared/organizations/organizations.schema';
import { useState } from 'react';
import { ScrollableTable } from '../../../components/scrollable-table';
import { errorMessage } from '../../../lib/api-client';
import { useUpdatePermissions, type UpdatePermissionsResult } from '../api/update-permissions';
import { changedEntries, draftOf, isDraftChanged, type MemberDraft } from '../utils/permission-changes';
import { memberName, MemberIdentity } from './member-identity';
import classes from './members-table.module.css';
import { RemoveMemberModal } from './remove-member-modal';

export type WorkspaceOption = Pick<Workspace, 'workspaceId' | 'name' | 'isDefault'>;

const ROLE_OPTIONS: { value: OrganizationRole; label: string }[] = [
  { value: 'company_admin', label: 'Company admin' },
  { value: 'general_user', label: 'General user' },
];

/** spec §6 shipmentPermission: 0 view and create, 1 view only, 2 no shipment list. */
const SHIPMENT_OPTIONS = [
  { value: '0', label: 'View and create' },
  { value: '1', label: 'View only' },
  { value: '2', label: 'No access' },
];

const isRole = (value: string | null): value is OrganizationRole =>
  ROLE_OPTIONS.some((option) => option.value === value);

interface MembersTableProps {
  members: OrganizationMember[];
  workspaces: WorkspaceOption[];
  organizationName: string;
  /** After a successful save; `you` says the acting user changed their own permissions. */
  onSaved: (result: UpdatePermissionsResult) => Promise<void>;
}

/** Roles, shipment permissions and workspaces of every member, edited in place and saved together. */
export function MembersTable({ members, workspaces, organizationName, onSaved }: MembersTableProps) {
  const [drafts, setDrafts] = useState<Record<string, MemberDraft>>({});
  const [removing, setRemoving] = useState<OrganizationMember | null>(null);
  const [removeOpened, setRemoveOpened] = useState(false);
  const update = useUpdatePermissions();

  const entries = changedEntries(members, drafts);
  const defaultWorkspaceId = workspaces.find((w) => w.isDefault)?.workspaceId;
  const workspaceOptions = workspaces.map((w) => ({ value: w.workspaceId, label: w.name }));
  const demotingYourself = entries.some((entry) => entry.you && entry.role !== 'company_admin');

  // Pills in the organization's order (default first), whatever order memberships were made in.
  const inWorkspaceOrder = (ids: string[]) => [
    ...workspaces.map((w) => w.workspaceId).filter((id) => ids.includes(id)),
    ...ids.filter((id) => !workspaces.some((w) => w.workspaceId === id)),
  ];
  const draftFor = (member: OrganizationMember) => drafts[member.id] ?? draftOf(member);
  const edit = (member: OrganizationMember, change: Partial<MemberDraft>) =>
    setDrafts((current) => ({ ...current, [member.id]: { ...draftFor(member), ...change } }));

  const save = async () => {
    try {
      const result = await update.mutateAsync(entries);
      setDrafts({});
      notifications.show({ color: 'teal', message: result.message || 'Permissions updated' });
      await onSaved(result);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not update permissions',
        message: errorMessage(error),
      });
    }
  };

  return (
    <>
      <div className={classes.toolbar}>
        <Text size="sm" c="dimmed">
          {entries.length > 0
            ? `${String(entries.length)} unsaved ${entries.length === 1 ? 'change' : 'changes'}`
            : `${String(members.length)} ${members.length === 1 ? 'member' : 'members'}`}
          {demotingYourself ? (
            <Text span c="yellow.9" size="sm">
              {' '}
              · You are giving up your admin role and will lose access to this page.
            </Text>
          ) : null}
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            onClick={() => setDrafts({})}
            disabled={entries.length === 0 || update.isPending}
          >
            Discard
          </Button>
          <Button
            size="xs"
            onClick={() => void save()}
            loading={update.isPending}
            disabled={entries.length === 0}
            data-testid="save-permissions"
          >
            Save changes
          </Button>
        </Group>
      </div>
      {/* Role, shipments and workspaces need their width: on a phone the table scrolls, and says so. */}
      <ScrollableTable label="Members">
        <Table className={classes.table} verticalSpacing="sm" data-testid="members-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Member</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Shipments</Table.Th>
              <Table.Th>Workspaces</Table.Th>
              <Table.Th className={classes.actions} aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((member) => {
              const draft = draftFor(member);
              const name = memberName(member);
              return (
                <Table.Tr
                  key={member.id}
                  className={classes.row}
                  data-changed={isDraftChanged(member, draft) || undefined}
                  data-testid="member-row"
                >
                  <Table.Td className={classes.memberCell}>
                    <MemberIdentity
                      member={member}
                      badges={
                        <>
                          {member.isCreator ? (
                            <Badge size="xs" variant="light" color="ocean" radius="sm" tt="none">
                              Creator
                            </Badge>
                          ) : null}
                          {member.you ? (
                            <Badge size="xs" variant="outline" color="gray" radius="sm" tt="none">
                              You
                            </Badge>
                          ) : null}
                        </>
                      }
                    />
                  </Table.Td>
                  <Table.Td miw={160}>
                    <Tooltip
                      label="The organization's creator is always a company admin"
                      disabled={!member.isCreator}
                    >
                      <div>
                        <Select
                          aria-label={`Role of ${name}`}
                          data={ROLE_OPTIONS}
                          value={draft.role}
                          onChange={(value) => {
                            if (isRole(value)) edit(member, { role: value });
                          }}
                          allowDeselect={false}
                          disabled={member.isCreator || update.isPending}
                          size="xs"
                        />
                      </div>
                    </Tooltip>
                  </Table.Td>
                  <Table.Td miw={160}>
                    <Select
                      aria-label={`Shipment access of ${name}`}
                      data={SHIPMENT_OPTIONS}
                      value={String(draft.shipmentPermission)}
                      onChange={(value) => {
                        if (value !== null) edit(member, { shipmentPermission: Number(value) });
                      }}
                      allowDeselect={false}
                      disabled={update.isPending}
                      size="xs"
                    />
                  </Table.Td>
                  <Table.Td miw={240}>
                    <MultiSelect
                      aria-label={`Workspaces of ${name}`}
                      data={workspaceOptions}
                      value={inWorkspaceOrder(draft.workspaceIds)}
                      onChange={(workspaceIds) => {
                        // The creator always stays in the default workspace (enforced by the server too).
                        const kept =
                          member.isCreator && defaultWorkspaceId && !workspaceIds.includes(defaultWorkspaceId)
                            ? [defaultWorkspaceId, ...workspaceIds]
                            : workspaceIds;
                        edit(member, { workspaceIds: kept });
                      }}
                      placeholder={draft.workspaceIds.length === 0 ? 'No workspace' : undefined}
                      disabled={update.isPending}
                      size="xs"
                      maxDropdownHeight={240}
                    />
                  </Table.Td>
                  <Table.Td className={classes.actions}>
                    {member.isCreator || member.you ? null : (
                      <Tooltip label="Remove from organization">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          onClick={() => {
                            setRemoving(member);
                            setRemoveOpened(true);
                          }}
                          aria-label={`Remove ${name} from the organization`}
                        >
                          <IconUserMinus size={16} stroke={1.75} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollableTable>
      <RemoveMemberModal
        member={removing}
        organizationName={organizationName}
        opened={removeOpened}
        onClose={() => setRemoveOpened(false)}
      />
    </>
  );
}
