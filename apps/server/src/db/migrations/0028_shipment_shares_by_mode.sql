-- A share names its shipment by mode and subscription id, one pair for every mode, in place of one
-- foreign-key column per mode. Every share keeps its shipment, its id and its notifications.
ALTER TABLE "shipment_shares" ADD COLUMN "shipment_id" uuid;--> statement-breakpoint
UPDATE "shipment_shares" SET "shipment_id" = CASE "mode"
  WHEN 'ocean' THEN "ocean_shipment_id"
  WHEN 'express' THEN "express_shipment_id"
END;--> statement-breakpoint
ALTER TABLE "shipment_shares" ALTER COLUMN "shipment_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_shares" DROP CONSTRAINT "shipment_shares_one_shipment";--> statement-breakpoint
ALTER TABLE "shipment_shares" DROP CONSTRAINT "shipment_shares_ocean_shipment_id_ocean_shipments_id_fk";
--> statement-breakpoint
ALTER TABLE "shipment_shares" DROP CONSTRAINT "shipment_shares_express_shipment_id_express_shipments_id_fk";
--> statement-breakpoint
DROP INDEX "shipment_shares_live_ocean_idx";--> statement-breakpoint
DROP INDEX "shipment_shares_live_express_idx";--> statement-breakpoint
ALTER TABLE "shipment_shares" DROP COLUMN "ocean_shipment_id";--> statement-breakpoint
ALTER TABLE "shipment_shares" DROP COLUMN "express_shipment_id";--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_shares_live_idx" ON "shipment_shares" USING btree ("shipment_id","mode","email") WHERE "shipment_shares"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "shipment_shares_shipment_idx" ON "shipment_shares" USING btree ("mode","shipment_id");--> statement-breakpoint
-- A subscription that goes takes its shares (and, by their foreign key, their notifications) along,
-- as the per-mode foreign keys did. The id names a row of one of several tables, so no foreign key
-- can: each subscription table's trigger passes its mode (as for favourites, migration 0021). Per
-- statement, so that a workspace of 100,000 shipments is one delete, not one per row.
CREATE FUNCTION shipment_shares_forget() RETURNS trigger AS $$
BEGIN
  DELETE FROM shipment_shares s USING gone
    WHERE s.mode = TG_ARGV[0] AND s.shipment_id = gone.id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ocean_shipments_forget_shares AFTER DELETE ON ocean_shipments
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION shipment_shares_forget('ocean');
--> statement-breakpoint
CREATE TRIGGER express_shipments_forget_shares AFTER DELETE ON express_shipments
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION shipment_shares_forget('express');
