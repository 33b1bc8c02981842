import { Text } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { browserTimeZone, isValidTimeZone } from '../../lib/dates';

function Identifier({ children }: { children: string | undefined }) {
  return (
    <Text span ff="monospace" size="sm" c="gray.8">
      {children}
    </Text>
  );
}

/** /shipment/ocean/:containerNo/:mblNo?timeZone=…&tab=… (spec §2). */
export function OceanShipmentPage() {
  const { containerNo, mblNo } = useParams();
  const [search] = useSearchParams();
  const requested = search.get('timeZone');
  // Links in notifications carry the sender's zone; an unknown one falls back to this browser's.
  const timeZone = requested && isValidTimeZone(requested) ? requested : browserTimeZone();
  return (
    <PageHeader
      title={`Container ${containerNo ?? ''}`}
      description={
        <>
          MBL <Identifier>{mblNo}</Identifier> · Times in {timeZone}
        </>
      }
    />
  );
}

/** /shipment/truck/express/:expressOrderId/:expressOrderNo (spec §2). */
export function ExpressShipmentPage() {
  const { expressOrderId, expressOrderNo } = useParams();
  return (
    <PageHeader
      title={`Order ${expressOrderNo ?? ''}`}
      description={
        <>
          Express order ID <Identifier>{expressOrderId}</Identifier>
        </>
      }
    />
  );
}
