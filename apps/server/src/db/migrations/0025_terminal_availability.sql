CREATE TABLE "terminal_facts" (
	"item_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"source" text NOT NULL,
	"facility" text NOT NULL,
	"facts" jsonb,
	"on_hold" boolean DEFAULT false NOT NULL,
	"available" boolean DEFAULT false NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"changed_at" timestamp with time zone,
	CONSTRAINT "terminal_facts_item_id_organization_id_pk" PRIMARY KEY("item_id","organization_id")
);
--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "manual_last_free_day" date;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "terminal_last_free_day" date;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "terminal_on_hold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "terminal_available" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "carrier_connections" ADD COLUMN "terminals" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "terminal_facts" ADD CONSTRAINT "terminal_facts_item_id_tracked_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."tracked_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_facts" ADD CONSTRAINT "terminal_facts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_facts" ADD CONSTRAINT "terminal_facts_connection_id_carrier_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."carrier_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terminal_facts_organization_idx" ON "terminal_facts" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "terminal_facts_connection_idx" ON "terminal_facts" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "ocean_shipments_on_hold_idx" ON "ocean_shipments" USING btree ("workspace_id","archived","free_time_ends_on","id") WHERE "ocean_shipments"."terminal_on_hold";--> statement-breakpoint
CREATE INDEX "ocean_shipments_available_idx" ON "ocean_shipments" USING btree ("workspace_id","archived","free_time_ends_on","id") WHERE "ocean_shipments"."terminal_available";