import { Alert, Anchor, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { NO_CONNECTION_ACTION, noConnectionText } from '@tracklane/shared/tracking/no-connection';
import { createContext, useContext } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';

/**
 * Whether the reader may connect carriers: a company admin of the current organization. The app shell
 * provides it (components do not read the workspace store).
 */
export const MayConnectCarriers = createContext(false);

interface NoConnectionProps {
  /** The carrier as people name it ("MSC"). */
  carrierName: string;
  /** Someone else's shipment shared with the reader: what it lacks, with nothing to do about it. */
  shared?: boolean;
}

/**
 * "No connection for MSC: connect one": a shipment whose carrier has no data source, so nobody is asked
 * about it. Company admins of the current organization get a link to the carrier connections page;
 * everyone else is told to ask one.
 */
export function NoConnectionText({ carrierName, shared }: NoConnectionProps) {
  const text = noConnectionText(carrierName);
  if (shared) return <>{text}</>;
  return (
    <>
      {text}: <NoConnectionAction />
    </>
  );
}

/** What the reader can do about it: a company admin connects the carrier, others ask one to. */
export function NoConnectionAction() {
  return useContext(MayConnectCarriers) ? (
    <Anchor component={Link} to={paths.workspaceSettings.carrierConnections} inherit>
      {NO_CONNECTION_ACTION.admin}
    </Anchor>
  ) : (
    <>{NO_CONNECTION_ACTION.member}</>
  );
}

/**
 * Above a list whose rows include shipments without a data source (the status column can be off a
 * phone's screen): "No connection for MSC, Maersk: connect one".
 */
export function NoConnectionNote({ carrierNames }: { carrierNames: readonly string[] }) {
  if (carrierNames.length === 0) return null;
  return (
    <span data-testid="no-connection-note">
      <NoConnectionText carrierName={[...new Set(carrierNames)].join(', ')} />
    </span>
  );
}

/** In a list's status cell. */
export function NoConnectionCell(props: NoConnectionProps) {
  return (
    <Text size="xs" c="dimmed" component="span" data-testid="no-connection">
      <NoConnectionText {...props} />
    </Text>
  );
}

/** On a detail page, where the carrier's data would be. */
export function NoConnectionAlert({ carrierName, shared, what }: NoConnectionProps & { what: string }) {
  return (
    <Alert
      color="gray"
      variant="light"
      radius="lg"
      icon={<IconPlugConnectedX size={20} />}
      title={<NoConnectionText carrierName={carrierName} shared={shared} />}
      mb="md"
      data-testid="detail-no-connection"
    >
      <Text size="sm">
        Nobody is asked about this {what}: there is no data source for {carrierName}. Tracking starts by
        itself as soon as there is one, without adding it again.
      </Text>
    </Alert>
  );
}
