-- ADR 0035: a tracked item's identity includes whose data it holds (shared, demo, one organization's,
-- or none). Every existing item was answered by the operator-wide sources or by the demo carriers.
DROP INDEX "tracked_items_identity_idx";--> statement-breakpoint
DROP INDEX "tracked_items_due_idx";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The demo account's organization (seed-demo.ts) keeps its demo data.
UPDATE "organizations" SET "demo" = true
  WHERE "creator_id" IN (SELECT "id" FROM "users" WHERE lower("email") = 'demo@tracklane.local');--> statement-breakpoint
ALTER TABLE "tracked_items" ADD COLUMN "scope" text DEFAULT 'demo' NOT NULL;--> statement-breakpoint
ALTER TABLE "tracked_items" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
-- Real data wins: an item a real source (DCSA_CARRIERS, Karrio) answered, now or before, is shared;
-- the rest (demo answers, never answered) is demo data.
UPDATE "tracked_items" i SET "scope" = 'shared'
  WHERE (i."last_source" IS NOT NULL AND i."last_source" <> 'demo')
     OR EXISTS (SELECT 1 FROM "tracking_events" e WHERE e."item_id" = i."id" AND e."source" <> 'demo');--> statement-breakpoint
-- Demo and real data never share an item: the invented events of a shared item go, and its view is
-- derived again from the real ones at its next check, which is now.
WITH dropped AS (
  DELETE FROM "tracking_events" e USING "tracked_items" i
  WHERE e."item_id" = i."id" AND i."scope" = 'shared' AND e."source" = 'demo'
  RETURNING e."item_id"
)
UPDATE "tracked_items" SET "derived" = NULL, "event_digest" = NULL, "changed_at" = NULL, "next_check_at" = now(),
    "state" = CASE WHEN "state" = 'completed' THEN 'active' ELSE "state" END
  WHERE "id" IN (SELECT "item_id" FROM dropped);--> statement-breakpoint
ALTER TABLE "tracked_items" ALTER COLUMN "scope" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "tracked_items" ADD CONSTRAINT "tracked_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracked_items_organization_idx" ON "tracked_items" USING btree ("organization_id","carrier") WHERE "tracked_items"."organization_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tracked_items_identity_idx" ON "tracked_items" USING btree ("mode","tracking_no","reference","carrier","scope",COALESCE("organization_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "tracked_items_due_idx" ON "tracked_items" USING btree ("next_check_at") WHERE "tracked_items"."state" NOT IN ('completed', 'no_source');--> statement-breakpoint
ALTER TABLE "tracked_items" ADD CONSTRAINT "tracked_items_scope_organization_check" CHECK (("tracked_items"."scope" = 'organization') = ("tracked_items"."organization_id" IS NOT NULL));
