import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { FreeTimeDefault, FreeTimeTerms } from '@tracklane/shared/free-time/free-time.schema';
import { useState } from 'react';
import { SectionBody, SettingsSection } from '../../../components/settings-section';
import { errorMessage } from '../../../lib/api-client';
import {
  useDeleteFreeTimeDefault,
  useFreeTimeDefaults,
  useSaveFreeTimeDefault,
} from '../api/free-time-defaults';
import classes from './free-time.module.css';
import { TermsForm } from './terms-form';
import { termsSummary } from './terms-summary';

type Dialog =
  | { kind: 'edit'; carrierScac: string | null; terms: FreeTimeTerms }
  | { kind: 'add-carrier'; terms: FreeTimeTerms }
  | { kind: 'delete'; carrierScac: string | null };

function TermsRow({
  title,
  badge,
  terms,
  actions,
}: {
  title: string;
  badge?: string;
  terms: FreeTimeTerms;
  actions: React.ReactNode;
}) {
  const summary = termsSummary(terms);
  return (
    <li className={classes.row} data-testid="free-time-row">
      <Stack gap={2}>
        <Group gap="xs">
          <Text fw={600} size="sm">
            {title}
          </Text>
          {badge ? (
            <Badge variant="light" color="gray" radius="sm" size="xs">
              {badge}
            </Badge>
          ) : null}
        </Group>
        {summary.map((line) => (
          <span key={line} className={classes.summary}>
            {line}
          </span>
        ))}
      </Stack>
      <Group gap="xs">{actions}</Group>
    </li>
  );
}

/**
 * The workspace's free time and tariffs: its default (built in until set) and each carrier's, which
 * win over it; a shipment's own terms win over both (set on its page).
 */
export function FreeTimeDefaultsSection() {
  const defaults = useFreeTimeDefaults();
  const save = useSaveFreeTimeDefault();
  const remove = useDeleteFreeTimeDefault();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const data = defaults.data;
  const workspaceDefault = data?.defaults.find((d) => d.carrierScac === null);
  const carriers =
    data?.defaults.filter((d): d is FreeTimeDefault & { carrierScac: string } => d.carrierScac !== null) ??
    [];
  const base = workspaceDefault?.terms ?? data?.builtIn;

  const submit = async (terms: FreeTimeTerms, carrierScac: string | null) => {
    await save.mutateAsync({ carrierScac, terms });
    notifications.show({ color: 'teal', message: 'Free time saved. Clocks follow at once.' });
    close();
  };
  const confirmDelete = async (carrierScac: string | null) => {
    try {
      await remove.mutateAsync(carrierScac);
      notifications.show({ color: 'teal', message: 'Free time removed' });
      close();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not remove', message: errorMessage(error) });
    }
  };
  const edit = (carrierScac: string | null, terms: FreeTimeTerms) => (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconPencil size={14} />}
      onClick={() => setDialog({ kind: 'edit', carrierScac, terms })}
      aria-label={`Edit ${carrierScac ?? 'workspace default'}`}
    >
      Edit
    </Button>
  );
  const del = (carrierScac: string | null, label: string) => (
    <Button
      variant="subtle"
      color="red"
      size="xs"
      leftSection={<IconTrash size={14} />}
      onClick={() => setDialog({ kind: 'delete', carrierScac })}
      aria-label={`Remove ${label}`}
    >
      Remove
    </Button>
  );

  return (
    <SettingsSection
      titleId="free-time-title"
      title="Free time and tariffs"
      titleSize="h4"
      description="A carrier’s terms win over the workspace’s; a shipment’s own terms, set on its page, win over both."
      action={
        <Button
          leftSection={<IconPlus size={16} />}
          disabled={!base}
          onClick={() => base && setDialog({ kind: 'add-carrier', terms: base })}
        >
          Add carrier
        </Button>
      }
    >
      <SectionBody query={defaults} what="free time" skeleton={{ rows: 2, height: 56 }}>
        {() => (
          <ul className={classes.list} aria-label="Free time and tariffs">
            <TermsRow
              title="Workspace default"
              badge={workspaceDefault ? undefined : 'Built in'}
              terms={base!}
              actions={
                <>
                  {edit(null, base!)}
                  {workspaceDefault ? del(null, 'workspace default') : null}
                </>
              }
            />
            {carriers.map((c) => (
              <TermsRow
                key={c.carrierScac}
                title={c.carrierScac}
                terms={c.terms}
                actions={
                  <>
                    {edit(c.carrierScac, c.terms)}
                    {del(c.carrierScac, c.carrierScac)}
                  </>
                }
              />
            ))}
            {carriers.length === 0 ? (
              <li className={classes.row}>
                <Text size="sm" c="dimmed">
                  No carrier-specific terms. Add a carrier when its free time or rates differ from the
                  default.
                </Text>
              </li>
            ) : null}
          </ul>
        )}
      </SectionBody>

      <Modal
        opened={dialog?.kind === 'edit'}
        onClose={close}
        title={dialog?.kind === 'edit' ? `Free time: ${dialog.carrierScac ?? 'workspace default'}` : ''}
        size="lg"
      >
        {dialog?.kind === 'edit' ? (
          <TermsForm
            initial={dialog.terms}
            submitLabel="Save"
            onSubmit={(terms) => submit(terms, dialog.carrierScac)}
          />
        ) : null}
      </Modal>
      <Modal
        opened={dialog?.kind === 'add-carrier'}
        onClose={close}
        title="Add a carrier’s free time"
        size="lg"
      >
        {dialog?.kind === 'add-carrier' ? (
          <TermsForm initial={dialog.terms} askCarrier submitLabel="Add carrier" onSubmit={submit} />
        ) : null}
      </Modal>
      <Modal opened={dialog?.kind === 'delete'} onClose={close} title="Remove these terms?">
        {dialog?.kind === 'delete' ? (
          <Stack gap="md">
            <Text size="sm">
              {dialog.carrierScac
                ? `Shipments of ${dialog.carrierScac} follow the workspace default again.`
                : 'Shipments follow the built-in terms again, unless their carrier or they have their own.'}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() => void confirmDelete(dialog.carrierScac)}
              >
                Remove
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </SettingsSection>
  );
}
