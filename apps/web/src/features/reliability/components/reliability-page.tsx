import {
  Alert,
  Box,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import {
  INDUSTRY_REFERENCE,
  type ReliabilityQuery,
} from '@tracklane/shared/tracking/ocean/reliability/reliability.schema';
import { ExportButton } from '../../../shipment-list/export-button';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-client';
import { days, percent } from '../utils/format';
import { PERIODS, periodMonths, useReliability, type ReliabilityScope } from '../api/get-reliability';
import { EtaErrorBySource } from './eta-error-by-source';
import { ReliabilityCharts } from './reliability-charts';
import { GROUP_COLUMNS, GroupTable, groupRows } from './reliability-tables';

function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Card>
  );
}

/**
 * /reliability: how the carriers kept their ETAs over the workspace's arrivals in a period (or the
 * organization's, for company admins), per carrier, lane and transshipment port, with the industry's
 * published figure as reference text.
 */
export function ReliabilityView({ mayViewOrganization }: { mayViewOrganization: boolean }) {
  const [scope, setScope] = useState<ReliabilityScope>('workspace');
  const [months, setMonths] = useState('12');
  const [carrier, setCarrier] = useState<string | null>(null);
  const [lane, setLane] = useState<string | null>(null);
  const [tagDraft, setTagDraft] = useState('');
  const [tag, setTag] = useState('');
  const [pol, pod] = lane ? lane.split('>') : [undefined, undefined];
  const query: ReliabilityQuery = {
    ...periodMonths(Number(months)),
    ...(carrier ? { carrier } : {}),
    ...(pol && pod ? { pol, pod } : {}),
    ...(tag ? { tag } : {}),
  };
  const report = useReliability(mayViewOrganization ? scope : 'workspace', query);
  const data = report.data;
  const rows = data ? groupRows(data) : [];

  return (
    <Stack gap="md">
      <PageHeader
        title="Carrier reliability"
        description={`How well the carriers’ ETAs held for the containers ${scope === 'organization' && mayViewOrganization ? 'this organization follows' : 'this workspace follows'} that arrived, measured against the actual arrival.`}
        actions={
          <ExportButton
            loadRows={() => Promise.resolve(rows)}
            columns={GROUP_COLUMNS}
            timeZone="UTC"
            fileName={`reliability-${query.from}-${query.to}`}
            disabled={!data || rows.length === 0}
          />
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        {mayViewOrganization ? (
          <SegmentedControl
            aria-label="Whose arrivals"
            value={scope}
            onChange={(value) => setScope(value === 'organization' ? 'organization' : 'workspace')}
            data={[
              { value: 'workspace', label: 'Workspace' },
              { value: 'organization', label: 'Organization' },
            ]}
          />
        ) : null}
        <Select
          label="Period"
          data={PERIODS.map((p) => ({ ...p }))}
          value={months}
          onChange={(value) => setMonths(value ?? '12')}
          allowDeselect={false}
          w={{ base: '100%', xs: 170 }}
        />
        <Select
          label="Carrier"
          placeholder="All carriers"
          data={data?.options.carriers ?? []}
          value={carrier}
          onChange={setCarrier}
          clearable
          w={{ base: '100%', xs: 170 }}
        />
        <Select
          label="Lane"
          placeholder="All lanes"
          data={(data?.options.lanes ?? []).map((l) => ({
            value: `${l.pol}>${l.pod}`,
            label: `${l.pol} → ${l.pod}`,
          }))}
          value={lane}
          onChange={setLane}
          clearable
          searchable
          w={{ base: '100%', xs: 200 }}
        />
        <Box
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            setTag(tagDraft.trim());
          }}
          w={{ base: '100%', xs: 'auto' }}
          style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}
        >
          <TextInput
            label="Tag"
            placeholder="Any tag"
            value={tagDraft}
            onChange={(event) => setTagDraft(event.currentTarget.value)}
            maxLength={30}
            w={{ base: 'auto', xs: 150 }}
            style={{ flex: '1 1 auto' }}
          />
          <Button type="submit" variant="default" style={{ flexShrink: 0 }}>
            Apply
          </Button>
        </Box>
        {report.isFetching && data ? <Loader size="sm" aria-label="Updating" /> : null}
      </Group>

      {report.isError ? (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title="Could not load the reliability figures"
        >
          {errorMessage(report.error)}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void report.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !data ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading the reliability figures">
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={92} radius="md" />
            ))}
          </SimpleGrid>
          <Skeleton height={220} radius="md" />
          <Skeleton height={160} radius="md" />
        </Stack>
      ) : data.overall.arrived === 0 ? (
        <Card withBorder padding="xl">
          <Text fw={600}>No arrivals to measure in this period</Text>
          <Text size="sm" c="dimmed">
            Figures appear once the containers followed here have arrived at their port of discharge. Try a
            longer period or fewer filters.
          </Text>
        </Card>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            <Figure
              label="Arrived"
              value={String(data.overall.arrived)}
              hint={`${data.from} to ${data.to}`}
            />
            <Figure
              label="On time"
              value={percent(data.overall.onTimeShare)}
              hint={`${String(data.overall.onTime)} of ${String(data.overall.judged)} with an ETA`}
            />
            <Figure
              label="Average delay"
              value={days(data.overall.avgDelayHours)}
              hint={`P90 ${days(data.overall.p90DelayHours)}, ${String(data.overall.late)} late`}
            />
            <Figure
              label="Rolls"
              value={String(data.overall.rolls)}
              hint="Moved to another vessel or voyage"
            />
          </SimpleGrid>
          <ReliabilityCharts months={data.months} horizons={data.overall.horizons} />
          <EtaErrorBySource horizons={data.overall.horizons} />
          <GroupTable
            title="Per carrier"
            rows={rows.filter((r) => r.group === 'Carrier')}
            empty="No arrivals in this period."
          />
          <GroupTable
            title="Per lane"
            rows={rows.filter((r) => r.group === 'Lane')}
            empty="No arrivals in this period."
          />
          <GroupTable
            title="Per transshipment port"
            rows={rows.filter((r) => r.group === 'Transshipment port')}
            empty="None of these arrivals was transshipped."
          />
        </>
      )}
      <Text size="xs" c="dimmed">
        For reference, not measured from your shipments: {INDUSTRY_REFERENCE.text} (
        {INDUSTRY_REFERENCE.source}). On time means within a day of the first ETA and of the ETA a week out.
        Carrier ETAs are measured as they stood 14, 7, 3 and 1 days before the actual arrival, never against a
        later ETA. The 90th-percentile delay is read from delay buckets, within one bucket’s width.
      </Text>
    </Stack>
  );
}
