import { ActionIcon, Badge, Button, Group, Menu, Modal, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBellRinging, IconDots, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  describeCondition,
  type AlertRule,
  type AlertRulesResult,
} from '@tracklane/shared/alerts/alerts.schema';
import { useQueries } from '@tanstack/react-query';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { useState } from 'react';
import { SectionBody, SettingsSection } from '../../../components/settings-section';
import { errorMessage } from '../../../lib/api-client';
import { useAlertRules } from '../api/list-alert-rules';
import {
  useCreateAlertRule,
  useDeleteAlertRule,
  useSetAlertRuleEnabled,
  useUpdateAlertRule,
} from '../api/save-alert-rule';
import { workspaceTagsQueryOptions } from '../../../lib/shipment-tags';
import { MODE_LIST, MODES } from '../../../modes/registry';
import { AlertRuleForm } from './alert-rule-form';
import classes from './alert-rules.module.css';
import { useCompanies } from '../../../lib/shipment-references';
import { useCustomFields } from '../../../lib/custom-fields';
import type { CustomField } from '@tracklane/shared/custom-fields/custom-fields.schema';
import { describeCustomFilter } from './custom-field-filters-input';

type Dialog = { kind: 'create' } | { kind: 'edit'; rule: AlertRule } | { kind: 'delete'; rule: AlertRule };

/** Who hears of a rule, in a few words. */
function audience(rule: AlertRule, members: AlertRulesResult['members']): string {
  if (rule.scope === 'personal') return `Only ${rule.ownerName ?? 'its owner'}`;
  const parts: string[] = [];
  if (rule.recipients.allMembers) parts.push('All members');
  else if (rule.recipients.userIds.length) {
    const names = rule.recipients.userIds.map(
      (id) => members.find((m) => m.userId === id)?.name ?? 'a former member',
    );
    parts.push(
      names.length > 2 ? `${names.slice(0, 2).join(', ')} +${String(names.length - 2)}` : names.join(', '),
    );
  }
  if (rule.recipients.emails.length)
    parts.push(
      `${String(rule.recipients.emails.length)} e-mail address${rule.recipients.emails.length === 1 ? '' : 'es'}`,
    );
  return parts.join(' · ') || 'Nobody';
}

function filtersText(
  rule: AlertRule,
  companyName: (id: string) => string,
  fields: readonly CustomField[] | undefined,
): string | null {
  const f = rule.filters;
  const custom = f.customFields.map((filter) =>
    fields
      ? describeCustomFilter(
          filter,
          fields.find((field) => field.id === filter.fieldId),
        )
      : null,
  );
  const parts = [
    f.carriers.length ? f.carriers.join(', ') : null,
    f.pol.length ? `from ${f.pol.join(', ')}` : null,
    f.pod.length ? `to ${f.pod.join(', ')}` : null,
    f.tags.length ? `tagged ${f.tags.join(' or ')}` : null,
    f.companies.length ? `naming ${f.companies.map(companyName).join(' or ')}` : null,
    // Favourites are personal: the rule's maker's (ADR 0033).
    f.favoritesOnly ? (rule.ownerName ? `${rule.ownerName}’s favourites` : 'its maker’s favourites') : null,
    ...custom,
  ].filter(Boolean);
  return parts.length ? `Only ${parts.join(', ')}` : null;
}

function RuleRow({
  rule,
  members,
  onOpen,
}: {
  rule: AlertRule;
  members: AlertRulesResult['members'];
  onOpen: (d: Dialog) => void;
}) {
  const enable = useSetAlertRuleEnabled();
  const toggle = async (enabled: boolean) => {
    try {
      await enable.mutateAsync({ ruleId: rule.id, enabled });
      notifications.show({
        color: 'teal',
        message: enabled ? `“${rule.name}” is on` : `“${rule.name}” is off`,
      });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not save', message: errorMessage(error) });
    }
  };
  const companies = useCompanies(rule.filters.companies.length > 0);
  const fields = useCustomFields(rule.filters.customFields.length > 0);
  const filters = filtersText(
    rule,
    (id) =>
      companies.data ? (companies.data.find((c) => c.id === id)?.name ?? 'a deleted company') : 'a company',
    fields.data,
  );
  // A filter on a field deleted since: the rule matches nothing until it is edited (ADR 0055).
  const deletedField =
    fields.data !== undefined &&
    rule.filters.customFields.some((filter) => !fields.data.some((field) => field.id === filter.fieldId));
  return (
    <li className={classes.row} data-testid="alert-rule-row">
      <Switch
        checked={rule.enabled}
        disabled={!rule.canEdit || enable.isPending}
        onChange={(event) => void toggle(event.currentTarget.checked)}
        aria-label={`${rule.enabled ? 'Turn off' : 'Turn on'} ${rule.name}`}
      />
      <div className={classes.main}>
        <Text fw={600} size="sm" className={classes.name}>
          {rule.name}
        </Text>
        <Text size="sm" c="dimmed">
          {describeCondition(rule.condition)}
        </Text>
        <div className={classes.meta}>
          <Badge variant="light" color={MODES[rule.mode].alerts.badge.color} radius="sm" size="xs">
            {MODES[rule.mode].alerts.badge.label}
          </Badge>
          {rule.scope === 'personal' ? (
            <Badge variant="outline" color="gray" radius="sm" size="xs">
              Personal
            </Badge>
          ) : null}
          <span>{audience(rule, members)}</span>
          {filters ? <span>{filters}</span> : null}
          {deletedField ? (
            <Badge variant="light" color="red" radius="sm" size="xs" data-testid="rule-deleted-field">
              Filters on a deleted custom field: matches nothing
            </Badge>
          ) : null}
        </div>
      </div>
      {rule.canEdit ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`More for ${rule.name}`}>
              <IconDots size={16} stroke={1.75} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onOpen({ kind: 'edit', rule })}>
              Edit
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => onOpen({ kind: 'delete', rule })}
            >
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : (
        <span />
      )}
    </li>
  );
}

/**
 * The workspace's alert rules: an admin manages all of them; a member who may add shipments sees the
 * workspace's (read only) and manages their own.
 */
export function AlertRulesSection() {
  const rules = useAlertRules();
  const create = useCreateAlertRule();
  const update = useUpdateAlertRule();
  const remove = useDeleteAlertRule();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // The tag filter suggests the tags in use, fetched once a rule is being written.
  const editing = dialog?.kind === 'create' || dialog?.kind === 'edit';
  const tagQueries = useQueries({
    queries: MODE_LIST.map((mode) => workspaceTagsQueryOptions(mode.mode, editing)),
  });
  const tagSuggestions = Object.fromEntries(
    MODE_LIST.map((mode, index) => [mode.mode, tagQueries[index]?.data ?? []]),
  ) as Record<TrackingMode, string[]>;
  const close = () => setDialog(null);
  const data = rules.data;

  const confirmDelete = async (rule: AlertRule) => {
    try {
      await remove.mutateAsync(rule.id);
      notifications.show({ color: 'teal', message: 'Alert rule deleted' });
      close();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not delete', message: errorMessage(error) });
    }
  };

  return (
    <SettingsSection
      titleId="alert-rules-title"
      title="Rules"
      titleSize="h4"
      description="Each rule alerts once per shipment when its condition starts to hold, and again only after it stopped and came back."
      action={
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setDialog({ kind: 'create' })}
          disabled={!data}
        >
          Add rule
        </Button>
      }
    >
      <SectionBody
        query={rules}
        what="alert rules"
        skeleton={{ rows: 3, height: 44 }}
        empty={{
          when: (d) => d.rules.length === 0,
          icon: IconBellRinging,
          title: 'No alert rules yet',
          text: 'Add a rule to hear when a last free day comes close, an ETA slips or a box is rolled.',
        }}
      >
        {(d) => (
          <ul className={classes.list} aria-label="Alert rules">
            {d.rules.map((rule) => (
              <RuleRow key={rule.id} rule={rule} members={d.members} onOpen={setDialog} />
            ))}
          </ul>
        )}
      </SectionBody>

      <Modal opened={dialog?.kind === 'create'} onClose={close} title="Add alert rule" size="lg">
        {data ? (
          <AlertRuleForm
            members={data.members}
            managesWorkspaceRules={data.managesWorkspaceRules}
            tagSuggestions={tagSuggestions}
            submitLabel="Add rule"
            onSubmit={async (values) => {
              await create.mutateAsync(values);
              notifications.show({ color: 'teal', message: 'Alert rule added' });
              close();
            }}
          />
        ) : null}
      </Modal>
      <Modal opened={dialog?.kind === 'edit'} onClose={close} title="Edit alert rule" size="lg">
        {dialog?.kind === 'edit' && data ? (
          <AlertRuleForm
            rule={dialog.rule}
            members={data.members}
            managesWorkspaceRules={data.managesWorkspaceRules}
            tagSuggestions={tagSuggestions}
            submitLabel="Save"
            onSubmit={async (values) => {
              await update.mutateAsync({ ruleId: dialog.rule.id, ...values });
              notifications.show({ color: 'teal', message: 'Alert rule saved' });
              close();
            }}
          />
        ) : null}
      </Modal>
      <Modal opened={dialog?.kind === 'delete'} onClose={close} title="Delete alert rule?">
        {dialog?.kind === 'delete' ? (
          <Stack gap="md">
            <Text size="sm">
              “{dialog.rule.name}” stops alerting. Alerts it already sent stay in the bell.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button color="red" loading={remove.isPending} onClick={() => void confirmDelete(dialog.rule)}>
                Delete rule
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </SettingsSection>
  );
}
