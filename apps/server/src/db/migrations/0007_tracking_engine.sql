CREATE TABLE "express_shipment_counts" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"not_found" integer DEFAULT 0 NOT NULL,
	"archived" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "express_shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"favorite" boolean DEFAULT false NOT NULL,
	"favorited_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"tracking_no" text NOT NULL,
	"carrier" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"tab" text GENERATED ALWAYS AS (CASE WHEN archived THEN 'archived' WHEN state = 'not_found' THEN 'not_found' ELSE 'active' END) STORED,
	"status" text,
	"estimated_delivery" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"last_event_at" timestamp with time zone,
	"delivery_at" timestamp (3) with time zone DEFAULT '9999-12-31T00:00:00.000Z' NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracked_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mode" text NOT NULL,
	"tracking_no" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"carrier" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"tracking_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_source" text,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"not_found_checks" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"changed_at" timestamp with time zone,
	"derived" jsonb,
	"facts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" uuid NOT NULL,
	"source" text NOT NULL,
	"event_id" text NOT NULL,
	"classifier" text NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"event_created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
-- One tracking engine for every mode (ADR 0013): containers become tracked items of mode 'ocean' and
-- their events move into tracking_events, keeping every id so subscriptions and queued jobs still point
-- at the same rows.
INSERT INTO "tracked_items" ("id", "mode", "tracking_no", "reference", "carrier", "state", "tracking_started_at",
  "last_checked_at", "last_source", "next_check_at", "consecutive_failures", "not_found_checks", "last_error",
  "changed_at", "derived", "facts", "created_at")
SELECT "id", 'ocean', "container_no", "mbl_no", "carrier_scac", "state", "tracking_started_at", "last_checked_at",
  "last_source", "next_check_at", "consecutive_failures", "not_found_checks", "last_error", "changed_at", "derived",
  CASE WHEN "last_free_day" IS NULL THEN '{}'::jsonb
       ELSE jsonb_build_object('lastFreeDay', to_char("last_free_day" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END,
  "created_at"
FROM "containers";
--> statement-breakpoint
INSERT INTO "tracking_events" ("id", "item_id", "source", "event_id", "classifier", "event_time", "event_created_at",
  "received_at", "data")
SELECT "id", "container_id", "source", "event_id", "classifier", "event_time", "event_created_at", "received_at",
  jsonb_build_object(
    'eventId', "event_id", 'eventType', "event_type", 'typeCode', "type_code", 'classifier', "classifier",
    'emptyIndicator', "empty_indicator", 'locationCode', "location_code", 'locationName', "location_name",
    'vesselName', "vessel_name", 'vesselImo', "vessel_imo", 'voyage', "voyage",
    'transportCallSequence', "transport_call_sequence",
    'eventTime', to_char("event_time" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'createdAt', to_char("event_created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
FROM "container_events";
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('tracking_events', 'id'), COALESCE((SELECT max("id") FROM "tracking_events"), 0) + 1, false);
--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "item_id" uuid;--> statement-breakpoint
UPDATE "ocean_shipments" SET "item_id" = "container_id";--> statement-breakpoint
ALTER TABLE "ocean_shipments" ALTER COLUMN "item_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ocean_shipments" DROP CONSTRAINT "ocean_shipments_container_id_containers_id_fk";--> statement-breakpoint
DROP INDEX "ocean_shipments_workspace_container_idx";--> statement-breakpoint
DROP INDEX "ocean_shipments_container_idx";--> statement-breakpoint
ALTER TABLE "ocean_shipments" DROP COLUMN "container_id";--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD CONSTRAINT "ocean_shipments_item_id_tracked_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."tracked_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ocean_shipments_workspace_item_idx" ON "ocean_shipments" USING btree ("workspace_id","item_id");--> statement-breakpoint
CREATE INDEX "ocean_shipments_item_idx" ON "ocean_shipments" USING btree ("item_id");--> statement-breakpoint
DROP TABLE "container_events";--> statement-breakpoint
DROP TABLE "containers";--> statement-breakpoint
ALTER TABLE "express_shipment_counts" ADD CONSTRAINT "express_shipment_counts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_shipments" ADD CONSTRAINT "express_shipments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_shipments" ADD CONSTRAINT "express_shipments_item_id_tracked_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."tracked_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_shipments" ADD CONSTRAINT "express_shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_item_id_tracked_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."tracked_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "express_shipments_workspace_item_idx" ON "express_shipments" USING btree ("workspace_id","item_id");--> statement-breakpoint
CREATE INDEX "express_shipments_item_idx" ON "express_shipments" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "express_shipments_list_created_idx" ON "express_shipments" USING btree ("workspace_id","tab","created_at","id");--> statement-breakpoint
CREATE INDEX "express_shipments_list_delivery_idx" ON "express_shipments" USING btree ("workspace_id","tab","delivery_at","id");--> statement-breakpoint
CREATE INDEX "express_shipments_list_updated_idx" ON "express_shipments" USING btree ("workspace_id","tab","updated_at","id");--> statement-breakpoint
CREATE INDEX "express_shipments_list_tracking_idx" ON "express_shipments" USING btree ("workspace_id","tab","tracking_no","id");--> statement-breakpoint
CREATE INDEX "express_shipments_search_idx" ON "express_shipments" USING btree ("workspace_id","tracking_no" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "tracked_items_identity_idx" ON "tracked_items" USING btree ("mode","tracking_no","reference","carrier");--> statement-breakpoint
CREATE INDEX "tracked_items_due_idx" ON "tracked_items" USING btree ("next_check_at") WHERE "tracked_items"."state" <> 'completed';--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_events_identity_idx" ON "tracking_events" USING btree ("item_id","source","event_id");--> statement-breakpoint
--> statement-breakpoint
-- Keeps express_shipment_counts in step with every insert, delete and tab move of express_shipments
-- (archive, unarchive, a parcel found or given up on), whatever code path makes it.
CREATE FUNCTION express_shipment_counts_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO express_shipment_counts (workspace_id, active, not_found, archived)
    VALUES (NEW.workspace_id, (NEW.tab = 'active')::int, (NEW.tab = 'not_found')::int, (NEW.tab = 'archived')::int)
    ON CONFLICT (workspace_id) DO UPDATE
      SET active = express_shipment_counts.active + EXCLUDED.active,
          not_found = express_shipment_counts.not_found + EXCLUDED.not_found,
          archived = express_shipment_counts.archived + EXCLUDED.archived;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE express_shipment_counts
      SET active = active - (OLD.tab = 'active')::int,
          not_found = not_found - (OLD.tab = 'not_found')::int,
          archived = archived - (OLD.tab = 'archived')::int
      WHERE workspace_id = OLD.workspace_id;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER express_shipment_counts_insert_delete AFTER INSERT OR DELETE ON express_shipments
  FOR EACH ROW EXECUTE FUNCTION express_shipment_counts_apply();
--> statement-breakpoint
CREATE TRIGGER express_shipment_counts_move AFTER UPDATE OF archived, state, workspace_id ON express_shipments
  FOR EACH ROW WHEN (OLD.tab IS DISTINCT FROM NEW.tab OR OLD.workspace_id IS DISTINCT FROM NEW.workspace_id)
  EXECUTE FUNCTION express_shipment_counts_apply();
