ALTER TABLE "express_shipments" ADD COLUMN "map_lat" double precision;--> statement-breakpoint
ALTER TABLE "express_shipments" ADD COLUMN "map_lon" double precision;--> statement-breakpoint
ALTER TABLE "express_shipments" ADD COLUMN "map_name" text;--> statement-breakpoint
ALTER TABLE "express_shipments" ADD COLUMN "origin_lat" double precision;--> statement-breakpoint
ALTER TABLE "express_shipments" ADD COLUMN "origin_lon" double precision;--> statement-breakpoint
ALTER TABLE "express_shipments" ADD COLUMN "destination_lat" double precision;--> statement-breakpoint
ALTER TABLE "express_shipments" ADD COLUMN "destination_lon" double precision;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "last_free_day" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "first_eta" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "express_shipments_status_idx" ON "express_shipments" USING btree ("workspace_id","archived","status");--> statement-breakpoint
CREATE INDEX "express_shipments_late_idx" ON "express_shipments" USING btree ("workspace_id","archived","estimated_delivery") WHERE "express_shipments"."delivered_at" IS NULL;--> statement-breakpoint
CREATE INDEX "ocean_shipments_lfd_idx" ON "ocean_shipments" USING btree ("workspace_id","archived","last_free_day");--> statement-breakpoint
CREATE INDEX "ocean_shipments_status_idx" ON "ocean_shipments" USING btree ("workspace_id","archived","status");--> statement-breakpoint
CREATE INDEX "tracked_items_checked_idx" ON "tracked_items" USING btree ("last_checked_at");--> statement-breakpoint
CREATE INDEX "tracked_items_failing_idx" ON "tracked_items" USING btree ("consecutive_failures") WHERE "tracked_items"."consecutive_failures" > 0;--> statement-breakpoint
-- Fill the new copies from the derived views, as copyToSubscriptions does from now on.
UPDATE "ocean_shipments" s SET
  "last_free_day" = (i."derived" #>> '{shipmentOverall,lastFreeDay,time}')::timestamptz,
  "first_eta" = (i."derived" #>> '{etaHistory,0,eta}')::timestamptz
FROM "tracked_items" i
WHERE i."id" = s."item_id" AND i."derived" IS NOT NULL;--> statement-breakpoint
-- Places with coordinates only: a place known by its city name alone (looked up among the parcel
-- hubs in TypeScript) gets its position at the parcel's next change.
UPDATE "express_shipments" s SET
  "map_lat" = (p."place" ->> 'latitude')::double precision,
  "map_lon" = (p."place" ->> 'longitude')::double precision,
  "map_name" = coalesce(p."place" ->> 'city', p."place" ->> 'name'),
  "origin_lat" = (i."derived" #>> '{origin,latitude}')::double precision,
  "origin_lon" = (i."derived" #>> '{origin,longitude}')::double precision,
  "destination_lat" = (i."derived" #>> '{destination,latitude}')::double precision,
  "destination_lon" = (i."derived" #>> '{destination,longitude}')::double precision
FROM "tracked_items" i
CROSS JOIN LATERAL (SELECT CASE
  WHEN jsonb_typeof(i."derived" #> '{lastLocation,latitude}') = 'number'
   AND jsonb_typeof(i."derived" #> '{lastLocation,longitude}') = 'number' THEN i."derived" -> 'lastLocation'
  WHEN i."derived" ->> 'status' = 'delivered' THEN i."derived" -> 'destination'
  ELSE i."derived" -> 'origin' END AS "place") p
WHERE i."id" = s."item_id" AND i."derived" IS NOT NULL
  AND jsonb_typeof(p."place" -> 'latitude') = 'number' AND jsonb_typeof(p."place" -> 'longitude') = 'number';
