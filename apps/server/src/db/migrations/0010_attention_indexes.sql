ALTER TABLE "ocean_shipments" ADD COLUMN "rolled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "ocean_shipments_rolled_idx" ON "ocean_shipments" USING btree ("workspace_id","archived","rolled_at","id") WHERE "ocean_shipments"."rolled_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ocean_shipments_eta_slip_idx" ON "ocean_shipments" USING btree ("workspace_id","archived",("eta" - "first_eta"),"id") WHERE "ocean_shipments"."ata" IS NULL AND "ocean_shipments"."eta" - "ocean_shipments"."first_eta" >= interval '24 hours';--> statement-breakpoint
CREATE INDEX "ocean_shipments_discharged_idx" ON "ocean_shipments" USING btree ("workspace_id","archived","ata","id") WHERE "ocean_shipments"."status" = 'discharged';--> statement-breakpoint
CREATE INDEX "ocean_shipments_not_found_idx" ON "ocean_shipments" USING btree ("workspace_id","archived","created_at","id") WHERE "ocean_shipments"."state" = 'not_found';--> statement-breakpoint
-- The dashboards' grouped pass (dashboard.service.ts oceanGroups, expressGroups) groups by these: with
-- PostgreSQL's default guess of thousands of groups it sorts every row on disk; told that there are a
-- few hundred, it hashes them (150 ms → 45 ms at 100,000 containers). Expressions as in the queries.
CREATE STATISTICS IF NOT EXISTS "ocean_shipments_dashboard_groups" (ndistinct) ON
  "state", "status", "carrier_scac", "pol_locode", "pod_locode", "vessel_name",
  ("atd" IS NOT NULL AND "eta" IS NOT NULL), (CASE WHEN "vessel_name" IS NULL THEN "atd" END)
  FROM "ocean_shipments";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "express_shipments_dashboard_groups" (ndistinct) ON
  "state", "status", "carrier", "map_lat", "map_lon",
  (ARRAY["origin_lat", "origin_lon", "destination_lat", "destination_lon"])
  FROM "express_shipments";
