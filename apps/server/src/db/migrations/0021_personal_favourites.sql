-- Favourites become each member's own (ADR 0033): one table for every mode, named by mode and
-- subscription id, in place of a flag on each subscription that starred it for the whole workspace.
CREATE TABLE "shipment_favorites" (
	"user_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"subscription_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_favorites_user_id_mode_subscription_id_pk" PRIMARY KEY("user_id","mode","subscription_id")
);
--> statement-breakpoint
ALTER TABLE "shipment_favorites" ADD CONSTRAINT "shipment_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_favorites_subscription_idx" ON "shipment_favorites" USING btree ("mode","subscription_id");--> statement-breakpoint
-- A subscription that goes (its workspace deleted) takes its stars along. The id names a row of one of
-- several tables, so no foreign key can: each subscription table's trigger passes its mode. Per
-- statement, so that a workspace of 100,000 shipments is one delete, not one per row.
CREATE FUNCTION shipment_favorites_forget() RETURNS trigger AS $$
BEGIN
  DELETE FROM shipment_favorites f USING gone
    WHERE f.mode = TG_ARGV[0] AND f.subscription_id = gone.id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ocean_shipments_forget_favorites AFTER DELETE ON ocean_shipments
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION shipment_favorites_forget('ocean');
--> statement-breakpoint
CREATE TRIGGER express_shipments_forget_favorites AFTER DELETE ON express_shipments
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION shipment_favorites_forget('express');
--> statement-breakpoint
-- Today's stars stay with everyone who saw them: each member of the workspace who may view its
-- shipments (shipment_permission 0 or 1: SHIPMENT_VIEW_PERMISSIONS of the shared policy, spec §6) gets
-- every shipment the workspace had starred as a favourite of their own, starred when it was.
INSERT INTO "shipment_favorites" ("user_id", "mode", "subscription_id", "created_at")
SELECT wm."user_id", s."mode", s."id", coalesce(s."favorited_at", now())
FROM (
  SELECT 'ocean' AS "mode", "id", "workspace_id", "favorited_at" FROM "ocean_shipments" WHERE "favorite"
  UNION ALL
  SELECT 'express', "id", "workspace_id", "favorited_at" FROM "express_shipments" WHERE "favorite"
) s
JOIN "workspace_members" wm ON wm."workspace_id" = s."workspace_id"
JOIN "workspaces" w ON w."id" = s."workspace_id"
JOIN "organization_members" om ON om."organization_id" = w."organization_id" AND om."user_id" = wm."user_id"
WHERE om."shipment_permission" IN (0, 1);
--> statement-breakpoint
ALTER TABLE "express_shipments" DROP COLUMN "favorite";--> statement-breakpoint
ALTER TABLE "express_shipments" DROP COLUMN "favorited_at";--> statement-breakpoint
ALTER TABLE "ocean_shipments" DROP COLUMN "favorite";--> statement-breakpoint
ALTER TABLE "ocean_shipments" DROP COLUMN "favorited_at";
