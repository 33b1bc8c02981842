import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { IconBuildingWarehouse, IconCheck, IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import {
  COMPANY_NAME_MAX_LENGTH,
  MAX_COMPANIES_PER_WORKSPACE,
  type Company,
} from '@tracklane/shared/references/references.schema';
import { confirmDelete, ItemActions } from '../../components/item-actions';
import { PageHeader } from '../../components/page-header';
import { SectionBody, SettingsSection } from '../../components/settings-section';
import { errorMessage } from '../../lib/api-client';
import {
  useCompanies,
  useCreateCompany,
  useDeleteCompany,
  useRenameCompany,
} from '../../lib/shipment-references';
import classes from './companies-page.module.css';
import { useShipmentAccess } from './use-shipment-access';

const TITLE = 'Companies';

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

  return (
    // The delete confirmation's modal (@mantine/modals) lives with the page that asks it.
    <ModalsProvider>
      <PageHeader
        title={TITLE}
        description="The shippers, consignees, customers and forwarders your shipments name. A new name in a bulk import's party columns is added here too."
      />
      <Stack gap="md">
        {canEdit ? <AddCompany full={all.length >= MAX_COMPANIES_PER_WORKSPACE} /> : null}
        <SettingsSection
          titleId="companies-list-title"
          title="The list"
          titleSize="h4"
          description={
            companies.isSuccess
              ? `${String(all.length)} of at most ${String(MAX_COMPANIES_PER_WORKSPACE)}`
              : 'Loading…'
          }
          action={
            <TextInput
              aria-label="Find a company"
              placeholder="Find a company"
              leftSection={<IconSearch size={16} />}
              value={filter}
              onChange={(e) => setFilter(e.currentTarget.value)}
              className={classes.filter}
            />
          }
        >
          <SectionBody
            query={companies}
            what="companies"
            skeleton={{ rows: 3, height: 36 }}
            empty={{
              when: (list) => list.length === 0,
              icon: IconBuildingWarehouse,
              title: 'No companies yet',
              text: 'Add them here, on a shipment’s References panel, or with a bulk import’s Shipper, Consignee, Customer or Forwarder column.',
            }}
          >
            {(list) => {
              const shown = needle ? list.filter((c) => c.name.toLowerCase().includes(needle)) : list;
              return shown.length === 0 ? (
                <Text size="sm" c="dimmed" className={classes.body}>
                  No company matches “{filter.trim()}”.
                </Text>
              ) : (
                <ul className={classes.list} aria-label="Companies">
                  {shown.map((company) => (
                    <CompanyRow key={company.id} company={company} canEdit={canEdit} />
                  ))}
                </ul>
              );
            }}
          </SectionBody>
          {!canEdit ? (
            <Text size="xs" c="dimmed" className={classes.body}>
              You can view this list; ask an admin for edit rights to change it.
            </Text>
          ) : null}
        </SettingsSection>
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
          error={create.isError ? errorMessage(create.error) : undefined}
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
  const askDelete = () =>
    confirmDelete({
      title: `Delete ${company.name}?`,
      body: 'Shipments that name it as a party keep their other references; the party is cleared.',
      run: (onError) => remove.mutate(company.id, { onError }),
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
            error={rename.isError ? errorMessage(rename.error) : undefined}
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
        <ItemActions
          name={company.name}
          editLabel="Rename"
          onEdit={() => setDraft(company.name)}
          onDelete={askDelete}
          deleting={remove.isPending}
        />
      ) : null}
    </li>
  );
}
