import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconCheck,
  IconCopy,
  IconInfoCircle,
  IconMailForward,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  INTAKE_LOG_MAX,
  INTAKE_LOG_PAGE,
  INTAKE_SENDERS_MAX,
  intakeSenderSchema,
  type IntakeLogEntry,
  type IntakeLogRow,
  type IntakeOutcome,
  type IntakeSettings,
} from '@tracklane/shared/email-intake/email-intake.schema';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { modeOf } from '../../../modes/registry';
import { useEmailIntake, useRotateIntakeAddress, useSetAllowedSenders } from '../api/email-intake';
import classes from './email-intake.module.css';

const messageOf = (error: unknown) => errorMessage(error, 'Could not reach the server.');

/**
 * The workspace's e-mail intake: its address (admins may replace it), who may send to it besides
 * members (admins), how many messages were dropped (admins) and what the latest messages added. The
 * server decides what each user sees and may change; `canManage` only hides what it would refuse.
 */
export function EmailIntakeSettings({ timeZone }: { timeZone: string }) {
  const [logLimit, setLogLimit] = useState(INTAKE_LOG_PAGE);
  const intake = useEmailIntake(logLimit);
  if (intake.isPending)
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading e-mail intake">
        <Skeleton height={120} radius="lg" />
        <Skeleton height={200} radius="lg" />
      </Stack>
    );
  if (intake.isError)
    return (
      <QueryErrorAlert
        title="E-mail intake could not be loaded"
        error={intake.error}
        onRetry={() => void intake.refetch()}
      />
    );
  const settings = intake.data;
  if (!settings.enabled) return <NotConfigured canManage={settings.canManage} />;
  return (
    <Stack gap="md">
      <AddressSection settings={settings} />
      {settings.canManage ? <SendersSection settings={settings} /> : null}
      <MessagesSection
        settings={settings}
        timeZone={timeZone}
        loadingMore={intake.isPlaceholderData}
        onMore={() => setLogLimit((n) => Math.min(n + INTAKE_LOG_PAGE, INTAKE_LOG_MAX))}
      />
    </Stack>
  );
}

function NotConfigured({ canManage }: { canManage: boolean }) {
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconInfoCircle size={18} />}
      title="E-mail intake is not set up on this server"
      data-testid="email-intake-off"
    >
      {canManage ? (
        <Stack gap="xs">
          <Text size="sm">
            Whoever runs this Tracklane server turns it on with these settings, then restarts it:
          </Text>
          <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
            <li>
              <Text size="sm">
                <Code>INBOUND_EMAIL_DOMAIN</Code>: the domain of the intake addresses (
                <Code>track+…@domain</Code>), whose MX record points at this server or at a mail relay.
              </Text>
            </li>
            <li>
              <Text size="sm">
                <Code>INBOUND_SMTP_PORT</Code> for the built-in mail listener, or{' '}
                <Code>INBOUND_EMAIL_SECRET</Code> for a relay (SES, Postmark, Mailgun) that posts each signed
                message to <Code>/api/inbound/email</Code>.
              </Text>
            </li>
          </ul>
          <Text size="sm">The README’s configuration table describes each one.</Text>
        </Stack>
      ) : (
        <Text size="sm">
          Forwarding e-mails to add shipments is off. Ask a company admin or whoever runs Tracklane to set it
          up.
        </Text>
      )}
    </Alert>
  );
}

function AddressSection({ settings }: { settings: IntakeSettings }) {
  const rotate = useRotateIntakeAddress();
  const address = settings.address ?? '';
  const confirmRotate = () =>
    modals.openConfirmModal({
      title: 'Replace the intake address?',
      children: (
        <Stack gap="xs">
          <Text size="sm">
            The current address stops working at once: mail sent to it afterwards is not received and gets no
            reply.
          </Text>
          <Text size="sm">Update every forwarding rule and contact that uses it.</Text>
        </Stack>
      ),
      labels: { confirm: 'Replace address', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        rotate.mutate(undefined, {
          onSuccess: () =>
            notifications.show({
              color: 'teal',
              title: 'New intake address',
              message: 'The old address no longer works.',
            }),
          onError: (error) =>
            notifications.show({ color: 'red', title: 'Address not replaced', message: messageOf(error) }),
        }),
    });
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="intake-address-title">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconMailForward size={20} aria-hidden />
          <Title order={2} size="h4" id="intake-address-title">
            Intake address
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Forward booking confirmations, arrival notices, bills of lading or parcel notifications here. The
          container, bill of lading, booking and parcel tracking numbers in the message and its PDF
          attachments are added as shipments, the e-mail is kept with them, and the sender gets a reply saying
          what was added.
        </Text>
        <Group gap="sm" wrap="wrap" align="stretch">
          <Text className={classes.address} data-testid="intake-address">
            {address}
          </Text>
          <Group gap="sm" wrap="nowrap">
            <CopyButton value={address} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'default'}
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                  aria-label={copied ? 'Address copied' : 'Copy address'}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
            {settings.canManage ? (
              <Button
                variant="default"
                color="red"
                leftSection={<IconRefresh size={16} />}
                onClick={confirmRotate}
                loading={rotate.isPending}
              >
                New address
              </Button>
            ) : null}
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          Accepted from members of this workspace who may add shipments (they add as themselves)
          {settings.canManage
            ? ' and from the allowed senders below (they add as the organization’s owner)'
            : ' and from senders a company admin allows'}
          . Anything else is dropped without a reply.
        </Text>
      </Stack>
    </Paper>
  );
}

function SendersSection({ settings }: { settings: IntakeSettings }) {
  const save = useSetAllowedSenders();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const senders = settings.allowedSenders;
  const full = senders.length >= INTAKE_SENDERS_MAX;

  const add = (event: FormEvent) => {
    event.preventDefault();
    const email = draft.trim().toLowerCase();
    const parsed = intakeSenderSchema.safeParse(email);
    if (!parsed.success) return setError('Enter an e-mail address, such as ops@forwarder.com.');
    if (senders.includes(email)) return setError('That address is already allowed.');
    setError(null);
    save.mutate([...senders, email], {
      onSuccess: () => setDraft(''),
      onError: (e) => setError(messageOf(e)),
    });
  };
  const remove = (email: string) =>
    save.mutate(
      senders.filter((s) => s !== email),
      {
        onError: (e) => notifications.show({ color: 'red', title: 'Not removed', message: messageOf(e) }),
      },
    );

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="intake-senders-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="intake-senders-title">
          Allowed senders
        </Title>
        <Text size="sm" c="dimmed">
          Addresses outside the workspace that may send to intake, such as a forwarder’s or a carrier’s
          notification address. Their shipments are added as the organization’s owner.
        </Text>
        <form onSubmit={add} aria-label="Allow a sender" noValidate>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <TextInput
              label="E-mail address"
              placeholder="ops@forwarder.com"
              type="email"
              value={draft}
              onChange={(e) => {
                setDraft(e.currentTarget.value);
                setError(null);
              }}
              error={error}
              disabled={full}
              description={
                full ? `At most ${String(INTAKE_SENDERS_MAX)} addresses: remove one first.` : undefined
              }
              className={classes.grow}
              miw={220}
            />
            <Button type="submit" mt={25} loading={save.isPending} disabled={full || !draft.trim()}>
              Allow
            </Button>
          </Group>
        </form>
        {senders.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="intake-senders-empty">
            None yet: only members can send.
          </Text>
        ) : (
          <ul className={classes.list} aria-label="Allowed senders">
            {senders.map((email) => (
              <li key={email} className={classes.sender}>
                <Text size="sm" className={classes.ellipsis} title={email}>
                  {email}
                </Text>
                <Tooltip label="Remove" openDelay={400}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${email}`}
                    onClick={() => remove(email)}
                    disabled={save.isPending}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </li>
            ))}
          </ul>
        )}
        <Text size="sm" data-testid="intake-dropped">
          {settings.droppedCount === 0
            ? 'No messages from other senders have been dropped.'
            : `${settings.droppedCount.toLocaleString('en')} ${settings.droppedCount === 1 ? 'message' : 'messages'} from other senders ${settings.droppedCount === 1 ? 'was' : 'were'} dropped without a reply.`}
        </Text>
      </Stack>
    </Paper>
  );
}

const OUTCOME_LOOK: Record<IntakeOutcome, { label: string; color: string }> = {
  created: { label: 'added', color: 'teal' },
  already_tracked: { label: 'already tracked', color: 'gray' },
  refused: { label: 'not added', color: 'red' },
};

/** "2 added · 1 not added", or what a message without numbers means. */
export function outcomeSummary(rows: IntakeLogRow[]): string {
  if (rows.length === 0) return 'No numbers found';
  return (['created', 'already_tracked', 'refused'] as const)
    .map((outcome) => {
      const n = rows.filter((r) => r.outcome === outcome).length;
      return n ? `${String(n)} ${OUTCOME_LOOK[outcome].label}` : '';
    })
    .filter(Boolean)
    .join(' · ');
}

/** The shipment's page, where the row names one its mode can open. */
function rowLink(row: IntakeLogRow): string | null {
  const mode = modeOf(row.mode);
  if (!mode || !row.shipmentId || row.outcome === 'refused') return null;
  if (row.mode === 'ocean' && !row.reference) return null;
  return mode.history.detailPath({
    number: row.number,
    reference: row.reference ?? '',
    shipmentId: row.shipmentId,
  });
}

function MessagesSection({
  settings,
  timeZone,
  loadingMore,
  onMore,
}: {
  settings: IntakeSettings;
  timeZone: string;
  loadingMore: boolean;
  onMore: () => void;
}) {
  const { log, logTotal } = settings;
  const more = log.length < logTotal;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="intake-messages-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h4" id="intake-messages-title">
            Received messages
          </Title>
          {logTotal > 0 ? (
            <Text size="sm" c="dimmed">
              {log.length < logTotal
                ? `Latest ${String(log.length)} of ${String(logTotal)}`
                : `${String(logTotal)} in all`}
            </Text>
          ) : null}
        </Group>
        {log.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="intake-log-empty">
            No messages received yet. Forward one to the address above and it shows here with what it added.
          </Text>
        ) : (
          <ul className={classes.list} aria-label="Received messages">
            {log.map((entry) => (
              <MessageItem key={entry.id} entry={entry} timeZone={timeZone} />
            ))}
          </ul>
        )}
        {more && log.length < INTAKE_LOG_MAX ? (
          <Group>
            <Button variant="default" size="xs" onClick={onMore} loading={loadingMore}>
              Show older messages
            </Button>
          </Group>
        ) : more ? (
          <Text size="xs" c="dimmed">
            Only the latest {String(INTAKE_LOG_MAX)} messages are shown; each sender’s reply lists what theirs
            added.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function MessageItem({ entry, timeZone }: { entry: IntakeLogEntry; timeZone: string }) {
  const titleId = `intake-message-${entry.id}`;
  return (
    <li className={classes.message} aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={0} className={classes.grow}>
          <Text size="sm" fw={600} id={titleId} className={classes.ellipsis} title={entry.subject}>
            {entry.subject || '(no subject)'}
          </Text>
          <Text size="xs" c="dimmed" className={classes.ellipsis} title={entry.sender}>
            From {entry.sender}
          </Text>
        </Stack>
        <Stack gap={2} align="flex-end">
          <Text size="xs" c="dimmed">
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, timeZone)}</time>
          </Text>
          <Text size="xs" fw={500} data-testid="intake-outcome-summary">
            {outcomeSummary(entry.rows)}
          </Text>
        </Stack>
      </Group>
      {entry.rows.length ? (
        <ul className={classes.rows} aria-label={`Outcome of ${entry.subject || 'the message'}`}>
          {entry.rows.map((row, i) => (
            <OutcomeRow key={`${row.mode}-${row.number}-${String(i)}`} row={row} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function OutcomeRow({ row }: { row: IntakeLogRow }) {
  const look = OUTCOME_LOOK[row.outcome];
  const href = rowLink(row);
  const number = row.number || 'The message';
  return (
    <li className={classes.row}>
      <Badge size="sm" variant="light" color={look.color}>
        {look.label}
      </Badge>
      {href ? (
        <Anchor component={Link} to={href} size="sm" className={classes.number}>
          {number}
        </Anchor>
      ) : (
        <span className={row.number ? classes.number : undefined}>{number}</span>
      )}
      {row.message ? (
        <Text span size="xs" c={row.outcome === 'refused' ? 'red.8' : 'dimmed'}>
          {row.message}
        </Text>
      ) : null}
    </li>
  );
}
