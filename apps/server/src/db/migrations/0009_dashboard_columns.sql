ALTER TABLE "ocean_shipments" ADD COLUMN "last_free_day" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "first_eta" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "express_shipments_status_idx" ON "express_shipments" USING btree ("workspace_id","archived","status");--> statement-breakpoint
CREATE INDEX "express_shipments_late_idx" ON "express_shipments" USING btree ("workspace_id","archived","estimated_delivery") WHERE "express_shipments"."delivered_at" IS NULL;--> statement-breakpoint
CREATE INDEX "ocean_shipments_lfd_idx" ON "ocean_shipments" USING btree ("workspace_id","archived","last_free_day");--> statement-breakpoint
CREATE INDEX "ocean_shipments_status_idx" ON "ocean_shipments" USING btree ("workspace_id","archived","status");--> statement-breakpoint
-- Fill the new copies from the derived view, as copyToSubscriptions will from now on.
UPDATE "ocean_shipments" s SET
  "last_free_day" = (i."derived" #>> '{shipmentOverall,lastFreeDay,time}')::timestamptz,
  "first_eta" = (i."derived" #>> '{etaHistory,0,eta}')::timestamptz
FROM "tracked_items" i
WHERE i."id" = s."item_id" AND i."derived" IS NOT NULL;
