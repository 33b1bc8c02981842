import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  MAX_PO_NUMBERS,
  PARTY_LABELS,
  PARTY_ROLES,
  REFERENCE_MAX_LENGTH,
  type PartyRole,
  type ShipmentReferences,
} from '@tracklane/shared/references/references.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { paths } from '../config/paths';
import { errorMessage } from '../lib/api-client';
import {
  useCompanies,
  useCreateCompany,
  useShipmentReferences,
  useUpdateShipmentReferences,
} from '../lib/shipment-references';

interface Draft {
  bookingNumber: string;
  customerReference: string;
  poNumbers: string[];
  parties: Record<PartyRole, string | null>;
}

const draftOf = (r: ShipmentReferences): Draft => ({
  bookingNumber: r.bookingNumber ?? '',
  customerReference: r.customerReference ?? '',
  poNumbers: r.poNumbers,
  parties: {
    shipper: r.shipper?.id ?? null,
    consignee: r.consignee?.id ?? null,
    customer: r.customer?.id ?? null,
    forwarder: r.forwarder?.id ?? null,
  },
});

/**
 * The workspace's references on a shipment of any mode: booking number, customer reference, PO
 * numbers and the parties from the workspace's companies. Members who may change shipments edit them
 * (and add a company); view-only members read them.
 */
export function ShipmentReferencesPanel({
  mode,
  shipmentId,
  canEdit,
}: {
  mode: TrackingMode;
  shipmentId: string;
  canEdit: boolean;
}) {
  const references = useShipmentReferences(mode, shipmentId);
  const companies = useCompanies();
  const update = useUpdateShipmentReferences(mode, shipmentId);
  const createCompany = useCreateCompany();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [newCompany, setNewCompany] = useState('');

  // Each new answer (a save, a live refetch) becomes the form's values, as React adjusts state to
  // changed data during render.
  const [shown, setShown] = useState<ShipmentReferences | undefined>(undefined);
  if (references.data && references.data !== shown) {
    setShown(references.data);
    setDraft(draftOf(references.data));
  }

  if (references.isPending) return <Skeleton height={160} radius="md" aria-label="Loading references" />;
  if (references.isError || !draft)
    return (
      <Alert color="red" title="References could not be loaded">
        {errorMessage(references.error)} Reload the page to try again.
      </Alert>
    );

  const options = (companies.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const save = () =>
    update.mutate({
      bookingNumber: draft.bookingNumber,
      customerReference: draft.customerReference,
      poNumbers: draft.poNumbers,
      shipperId: draft.parties.shipper,
      consigneeId: draft.parties.consignee,
      customerId: draft.parties.customer,
      forwarderId: draft.parties.forwarder,
    });

  return (
    <Paper withBorder radius="md" p="md" mb="md" component="section" aria-labelledby="references-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={3} size="h5" id="references-title">
            References
          </Title>
          <Anchor component={Link} to={paths.workspaceSettings.companies} size="sm">
            Companies
          </Anchor>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label="Booking number"
            value={draft.bookingNumber}
            maxLength={REFERENCE_MAX_LENGTH}
            readOnly={!canEdit}
            onChange={(e) => setDraft({ ...draft, bookingNumber: e.currentTarget.value })}
          />
          <TextInput
            label="Customer reference"
            value={draft.customerReference}
            maxLength={REFERENCE_MAX_LENGTH}
            readOnly={!canEdit}
            onChange={(e) => setDraft({ ...draft, customerReference: e.currentTarget.value })}
          />
          <TagsInput
            label="PO numbers"
            description={canEdit ? 'Press Enter after each' : undefined}
            value={draft.poNumbers}
            maxTags={MAX_PO_NUMBERS}
            readOnly={!canEdit}
            onChange={(poNumbers) => setDraft({ ...draft, poNumbers })}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          {PARTY_ROLES.map((role) => (
            <Select
              key={role}
              label={PARTY_LABELS[role]}
              placeholder={options.length ? 'Choose a company' : 'No companies yet'}
              data={options}
              value={draft.parties[role]}
              searchable
              clearable
              readOnly={!canEdit}
              onChange={(id) => setDraft({ ...draft, parties: { ...draft.parties, [role]: id } })}
            />
          ))}
        </SimpleGrid>
        {update.isError ? (
          <Alert color="red" title="Not saved">
            {errorMessage(update.error)}
          </Alert>
        ) : null}
        {createCompany.isError ? (
          <Alert color="red" title="Company not added">
            {errorMessage(createCompany.error)}
          </Alert>
        ) : null}
        {canEdit ? (
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput
                label="New company"
                value={newCompany}
                onChange={(e) => setNewCompany(e.currentTarget.value)}
              />
              <Button
                variant="default"
                loading={createCompany.isPending}
                disabled={!newCompany.trim()}
                onClick={() => createCompany.mutate(newCompany, { onSuccess: () => setNewCompany('') })}
              >
                Add
              </Button>
            </Group>
            <Button onClick={save} loading={update.isPending}>
              Save references
            </Button>
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            You can view these references; ask an admin for edit rights to change them.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
