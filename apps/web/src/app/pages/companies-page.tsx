import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { modals, ModalsProvider } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPencil, IconPlus, IconSearch, IconTrash, IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import {
  COMPANY_NAME_MAX_LENGTH,
  MAX_COMPANIES_PER_WORKSPACE,
  type Company,
} from '@tracklane/shared/references/references.schema';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api-client';
import {
  useCompanies,
  useCreateCompany,
  useDeleteCompany,
  useRenameCompany,
} from '../../lib/shipment-references';
import classes from './companies-page.module.css';
import { useShipmentAccess } from './use-shipment-access';

const TITLE = 'Companies';
const messageOf = (error: unknown) => (isApiError(error) ? error.message : 'Could not reach the server.');

/**
 * /workspace-settings/companies: the workspace's own list of companies, the parties (shipper,
 * consignee, customer, forwarder) its shipments name. Every member reads it; members who may change
 * shipments add, rename and delete. A rename shows on every shipment at once; a delete clears the
 * company from the shipments that named it.
 */
export function CompaniesPage() {
  const companies = useCompanies();
  const { canCreate: canEdit } = useShipmentAccess();
  const [filter, setFilter] = useState('');

  const all = companies.data ?? [];
  const needle = filter.trim().toLowerCase();
  const shown = needle ? all.filter((c) => c.name.toLowerCase().includes(needle)) : all;

  return (
    // The delete confirmation's modal (@mantine/modals) lives with the page that asks it.
    <ModalsProvider>
      <PageHeader
        title={TITLE}
        description="The shippers, consignees, customers and forwarders your shipments name. A new name in a bulk import's party columns is added here too."
      />
      <Stack gap="md">
        {canEdit ? <AddCompany full={all.length >= MAX_COMPANIES_PER_WORKSPACE} /> : null}
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="companies-list-title">
          <Stack gap="sm">
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text id="companies-list-title" fw={600}>
                {companies.isSuccess
                  ? `${String(all.length)} of at most ${String(MAX_COMPANIES_PER_WORKSPACE)}`
                  : 'The list'}
              </Text>
              <TextInput
                aria-label="Find a company"
                placeholder="Find a company"
                leftSection={<IconSearch size={16} />}
                value={filter}
                onChange={(e) => setFilter(e.currentTarget.value)}
                className={classes.filter}
              />
            </Group>
            {companies.isPending ? (
              <Stack gap="xs" aria-busy="true" aria-label="Loading companies">
                <Skeleton height={36} />
                <Skeleton height={36} />
                <Skeleton height={36} />
              </Stack>
            ) : companies.isError ? (
              <Alert color="red" title="The companies could not be loaded">
                {messageOf(companies.error)} Reload the page to try again.
              </Alert>
            ) : all.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="companies-empty">
                No companies yet. Add them here, on a shipment’s References panel, or with a bulk import’s
                Shipper, Consignee, Customer or Forwarder column.
              </Text>
            ) : shown.length === 0 ? (
              <Text size="sm" c="dimmed">
                No company matches “{filter.trim()}”.
              </Text>
            ) : (
              <ul className={classes.list} aria-label="Companies">
                {shown.map((company) => (
                  <CompanyRow key={company.id} company={company} canEdit={canEdit} />
                ))}
              </ul>
            )}
            {!canEdit ? (
              <Text size="xs" c="dimmed">
                You can view this list; ask an admin for edit rights to change it.
              </Text>
            ) : null}
          </Stack>
        </Paper>
      </Stack>
    </ModalsProvider>
  );
}

function AddCompany({ full }: { full: boolean }) {
  const create = useCreateCompany();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate(name, { onSuccess: () => setName('') });
  };
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} aria-label="Add a company">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label="New company"
          value={name}
          maxLength={COMPANY_NAME_MAX_LENGTH}
          onChange={(e) => setName(e.currentTarget.value)}
          error={create.isError ? messageOf(create.error) : undefined}
          disabled={full}
          description={full ? 'The list is full: delete a company to add another.' : undefined}
          className={classes.grow}
        />
        <Button
          type="submit"
          leftSection={<IconPlus size={16} />}
          loading={create.isPending}
          disabled={full || !name.trim()}
        >
          Add
        </Button>
      </Group>
    </Paper>
  );
}

function CompanyRow({ company, canEdit }: { company: Company; canEdit: boolean }) {
  const rename = useRenameCompany();
  const remove = useDeleteCompany();
  const [draft, setDraft] = useState<string | null>(null);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (draft === null || !draft.trim()) return;
    if (draft.trim() === company.name) {
      setDraft(null);
      return;
    }
    rename.mutate({ id: company.id, name: draft }, { onSuccess: () => setDraft(null) });
  };
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `Delete ${company.name}?`,
      children: (
        <Text size="sm">
          Shipments that name it as a party keep their other references; the party is cleared.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(company.id, {
          onError: (error) =>
            notifications.show({ color: 'red', title: 'Not deleted', message: messageOf(error) }),
        }),
    });

  if (draft !== null)
    return (
      <li className={classes.row}>
        <form onSubmit={save} className={classes.rename} aria-label={`Rename ${company.name}`}>
          <TextInput
            aria-label="Company name"
            value={draft}
            maxLength={COMPANY_NAME_MAX_LENGTH}
            onChange={(e) => setDraft(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setDraft(null);
            }}
            error={rename.isError ? messageOf(rename.error) : undefined}
            data-autofocus
            autoFocus
            className={classes.grow}
          />
          <ActionIcon
            type="submit"
            variant="filled"
            size="lg"
            aria-label="Save name"
            loading={rename.isPending}
          >
            <IconCheck size={16} />
          </ActionIcon>
          <ActionIcon variant="default" size="lg" aria-label="Cancel" onClick={() => setDraft(null)}>
            <IconX size={16} />
          </ActionIcon>
        </form>
      </li>
    );

  return (
    <li className={classes.row}>
      <Text size="sm" className={classes.name} title={company.name}>
        {company.name}
      </Text>
      {canEdit ? (
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Rename" openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Rename ${company.name}`}
              onClick={() => setDraft(company.name)}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete" openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${company.name}`}
              onClick={confirmDelete}
              loading={remove.isPending}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ) : null}
    </li>
  );
}
