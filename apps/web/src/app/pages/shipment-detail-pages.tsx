import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';

function Identifier({ children }: { children: string | undefined }) {
  return (
    <Text span ff="monospace" size="sm" c="gray.8">
      {children}
    </Text>
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
