import { PARCEL_CARRIERS } from '@tracklane/shared/tracking/express/parcel-carriers';
import type { Database } from '../../db/client';
import { listWorkspaceTags } from '../shipment-tags/shipment-tags.service';

/** Filter options: every parcel carrier a user can choose, and the tags the workspace's parcels carry. */
export async function listExpressOptions(db: Database, workspaceId: string) {
  return {
    carriers: PARCEL_CARRIERS.map((c) => ({ code: c.code, name: c.name })).sort((a, b) =>
      a.name.localeCompare(b.name),
    ),
    tags: await listWorkspaceTags(db, workspaceId, 'express'),
  };
}
