import { useState } from 'react';
import type { SharedDetailProps } from '../mode-definition';
import { OceanShipmentDetail, type DetailTab } from './components/ocean-shipment-detail';

/** An ocean shipment shared with the reader: the workspace's detail, read-only (no Comments tab). */
export function OceanSharedDetail({ shipment, live, back, timeZone }: SharedDetailProps) {
  const [tab, setTab] = useState<DetailTab>('milestones');
  const detail = shipment.ocean;
  if (!detail) return null;
  return (
    <OceanShipmentDetail
      containerNo={detail.containerNo}
      mblNo={detail.mblNo}
      timeZone={timeZone}
      tab={tab}
      onTabChange={setTab}
      canChange={false}
      shared={{ query: { ...live, data: detail }, back }}
    />
  );
}
