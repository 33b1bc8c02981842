CREATE TABLE "reliability_rollups" (
	"organization_id" uuid NOT NULL,
	"workspace_id" uuid,
	"month" date NOT NULL,
	"source" text NOT NULL,
	"carrier" text NOT NULL,
	"pol_locode" text NOT NULL,
	"pod_locode" text NOT NULL,
	"transshipments" text[] NOT NULL,
	"arrived" integer NOT NULL,
	"judged" integer NOT NULL,
	"on_time" integer NOT NULL,
	"late" integer NOT NULL,
	"delay_sum" double precision NOT NULL,
	"delay_min" double precision,
	"delay_max" double precision,
	"delay_histogram" integer[] NOT NULL,
	"rolls" integer NOT NULL,
	"error_count" integer[] NOT NULL,
	"error_abs_sum" double precision[] NOT NULL,
	"error_sum" double precision[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_arrivals" (
	"item_id" uuid NOT NULL,
	"source" text NOT NULL,
	"carrier" text NOT NULL,
	"pol_locode" text,
	"pod_locode" text,
	"transshipments" text[] DEFAULT '{}'::text[] NOT NULL,
	"arrived_at" timestamp with time zone NOT NULL,
	"first_eta" timestamp with time zone,
	"eta_week_out" timestamp with time zone,
	"on_time" boolean,
	"delay_hours" double precision,
	"rolls" integer DEFAULT 0 NOT NULL,
	"error_hours" double precision[] NOT NULL,
	"measured_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_arrivals_item_id_source_pk" PRIMARY KEY("item_id","source")
);
--> statement-breakpoint
ALTER TABLE "reliability_rollups" ADD CONSTRAINT "reliability_rollups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reliability_rollups" ADD CONSTRAINT "reliability_rollups_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_arrivals" ADD CONSTRAINT "shipment_arrivals_item_id_tracked_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."tracked_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reliability_rollups_workspace_idx" ON "reliability_rollups" USING btree ("workspace_id","month");--> statement-breakpoint
CREATE INDEX "reliability_rollups_organization_idx" ON "reliability_rollups" USING btree ("organization_id","month") WHERE "reliability_rollups"."workspace_id" IS NULL;--> statement-breakpoint
CREATE INDEX "shipment_arrivals_carrier_idx" ON "shipment_arrivals" USING btree ("carrier","arrived_at");