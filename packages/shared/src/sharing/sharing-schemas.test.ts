import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commentThreadParamsSchemaOf } from '../comments/comments.schema';
import { expressShipmentDetailSchema } from '../tracking/express/express-shipments.schema';
import { oceanTrackingDetailSchema } from '../tracking/ocean/ocean-shipments.schema';
import {
  createdShareLinkSchema,
  createShareLinkRequestSchema,
  createSharesRequestSchema,
  expressSelectionSchema,
  historyTypeParamsSchema,
  inviteNotificationListSchema,
  oceanSelectionSchema,
  publicShareSchema,
  sentSharesQuerySchema,
  sharedHistoryPageSchema,
  sharedShipmentSchema,
  shareLinkSchema,
  shareLinksQuerySchema,
  sharingSchemas,
} from './sharing.schema';

const BUILT_IN = [
  { mode: 'ocean', site: 'ocean', selection: oceanSelectionSchema, detail: oceanTrackingDetailSchema },
  { mode: 'express', site: 'ground', selection: expressSelectionSchema, detail: expressShipmentDetailSchema },
] as const;

const json = (schema: z.ZodType) => z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' });

describe('the sharing schemas built over the modes', () => {
  it('are, over the built-in modes, the wire shapes the web reads', () => {
    const built = sharingSchemas(BUILT_IN);
    const pairs: [z.ZodType, z.ZodType][] = [
      [built.createSharesRequest, createSharesRequestSchema],
      [built.sentSharesQuery, sentSharesQuerySchema],
      [built.inviteNotificationList, inviteNotificationListSchema],
      [built.historyTypeParams, historyTypeParamsSchema],
      [built.sharedHistoryPage, sharedHistoryPageSchema],
      [built.sharedShipment, sharedShipmentSchema],
      [built.createShareLinkRequest, createShareLinkRequestSchema],
      [built.shareLink, shareLinkSchema],
      [built.createdShareLink, createdShareLinkSchema],
      [built.shareLinksQuery, shareLinksQuerySchema],
      [built.publicShare, publicShareSchema],
    ];
    for (const [over, fixed] of pairs) expect(json(over)).toEqual(json(fixed));
  });

  it('take a further mode’s name, selection and detail beside them', () => {
    const rail = {
      mode: 'rail' as (typeof BUILT_IN)[number]['mode'],
      site: 'rail',
      selection: z.strictObject({ wagon: z.string() }),
      detail: z.object({ wagon: z.string() }),
    };
    const built = sharingSchemas([...BUILT_IN, rail]);
    expect(
      built.createSharesRequest.safeParse({
        shipmentType: 'rail',
        shipments: [{ wagon: '1' }],
        emails: ['a@b.co'],
      }).success,
    ).toBe(true);
    expect(built.historyTypeParams.parse({ type: 'rail' })).toEqual({ type: 'rail' });
    const share = { overallId: 'x', shipmentType: 'rail', sharedBy: 'A', sharedAt: 'now' };
    expect(built.sharedShipment.parse({ share, ocean: null, express: null, rail: { wagon: '1' } })).toEqual({
      share,
      ocean: null,
      express: null,
      rail: { wagon: '1' },
    });
    expect(
      sentSharesQuerySchema.safeParse({ shipmentType: 'rail', shipmentId: crypto.randomUUID() }).success,
    ).toBe(false);
  });

  it('name the modes a comment thread takes in its message', () => {
    const [ocean, express] = ['ocean', 'express'] as const;
    const message = (modes: string[]) =>
      commentThreadParamsSchemaOf(modes).safeParse({ shipmentType: 'truck', shipmentId: crypto.randomUUID() })
        .error?.issues[0]?.message;
    expect(message([ocean, express])).toBe('Shipment type must be ocean or express');
    expect(message([ocean, express, 'rail'])).toBe('Shipment type must be ocean, express or rail');
  });
});
