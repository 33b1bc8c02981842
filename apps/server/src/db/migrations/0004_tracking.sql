CREATE TABLE "container_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"container_id" uuid NOT NULL,
	"source" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"type_code" text NOT NULL,
	"classifier" text NOT NULL,
	"empty_indicator" text,
	"location_code" text,
	"location_name" text,
	"vessel_name" text,
	"vessel_imo" text,
	"voyage" text,
	"transport_call_sequence" integer,
	"event_time" timestamp with time zone NOT NULL,
	"event_created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "containers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"container_no" text NOT NULL,
	"mbl_no" text NOT NULL,
	"carrier_scac" text NOT NULL,
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
	"last_free_day" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ocean_shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"container_id" uuid NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"favorite" boolean DEFAULT false NOT NULL,
	"favorited_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"container_no" text NOT NULL,
	"mbl_no" text NOT NULL,
	"carrier_scac" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"status" text,
	"pol_locode" text,
	"pod_locode" text,
	"vessel_name" text,
	"etd" timestamp with time zone,
	"atd" timestamp with time zone,
	"eta" timestamp with time zone,
	"ata" timestamp with time zone,
	"arrival_at" timestamp (3) with time zone DEFAULT '9999-12-31T00:00:00.000Z' NOT NULL,
	"departure_at" timestamp (3) with time zone DEFAULT '9999-12-31T00:00:00.000Z' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "container_events" ADD CONSTRAINT "container_events_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD CONSTRAINT "ocean_shipments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD CONSTRAINT "ocean_shipments_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD CONSTRAINT "ocean_shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "container_events_identity_idx" ON "container_events" USING btree ("container_id","source","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "containers_identity_idx" ON "containers" USING btree ("container_no","mbl_no","carrier_scac");--> statement-breakpoint
CREATE INDEX "containers_due_idx" ON "containers" USING btree ("next_check_at") WHERE "containers"."state" IN ('pending', 'active');--> statement-breakpoint
CREATE UNIQUE INDEX "ocean_shipments_workspace_container_idx" ON "ocean_shipments" USING btree ("workspace_id","container_id");--> statement-breakpoint
CREATE INDEX "ocean_shipments_container_idx" ON "ocean_shipments" USING btree ("container_id");--> statement-breakpoint
CREATE INDEX "ocean_shipments_list_created_idx" ON "ocean_shipments" USING btree ("workspace_id","archived","created_at","id");--> statement-breakpoint
CREATE INDEX "ocean_shipments_list_arrival_idx" ON "ocean_shipments" USING btree ("workspace_id","archived","arrival_at","id");--> statement-breakpoint
CREATE INDEX "ocean_shipments_list_departure_idx" ON "ocean_shipments" USING btree ("workspace_id","archived","departure_at","id");--> statement-breakpoint
CREATE INDEX "ocean_shipments_list_container_idx" ON "ocean_shipments" USING btree ("workspace_id","archived","container_no","id");--> statement-breakpoint
CREATE INDEX "ocean_shipments_search_mbl_idx" ON "ocean_shipments" USING btree ("workspace_id","mbl_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ocean_shipments_search_container_idx" ON "ocean_shipments" USING btree ("workspace_id","container_no" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "user_preferences_key_idx" ON "user_preferences" USING btree ("user_id","key");