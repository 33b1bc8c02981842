CREATE TABLE "alert_episodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"mark" text DEFAULT '' NOT NULL,
	"opened_at" timestamp (3) with time zone NOT NULL,
	"closed_at" timestamp (3) with time zone,
	"change_id" uuid,
	"emails_pending" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"owner_id" uuid,
	"name" text NOT NULL,
	"mode" text NOT NULL,
	"condition" jsonb NOT NULL,
	"filters" jsonb NOT NULL,
	"recipients" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "free_time_defaults" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"carrier_scac" text DEFAULT '' NOT NULL,
	"terms" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "free_time_terms" jsonb;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "free_time_ends_on" timestamp (3) with time zone DEFAULT '9999-12-31T00:00:00.000Z' NOT NULL;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "dd_cost_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "dd_cost_week_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "dd_currency" text;--> statement-breakpoint
ALTER TABLE "alert_episodes" ADD CONSTRAINT "alert_episodes_rule_id_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_episodes" ADD CONSTRAINT "alert_episodes_item_id_tracked_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."tracked_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_episodes" ADD CONSTRAINT "alert_episodes_change_id_tracking_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."tracking_changes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_time_defaults" ADD CONSTRAINT "free_time_defaults_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_time_defaults" ADD CONSTRAINT "free_time_defaults_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_episodes_open_idx" ON "alert_episodes" USING btree ("rule_id","subscription_id","mark") WHERE "alert_episodes"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "alert_episodes_item_idx" ON "alert_episodes" USING btree ("item_id") WHERE "alert_episodes"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "alert_episodes_emails_idx" ON "alert_episodes" USING btree ("opened_at") WHERE cardinality("alert_episodes"."emails_pending") > 0;--> statement-breakpoint
CREATE INDEX "alert_rules_workspace_idx" ON "alert_rules" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "alert_rules_enabled_idx" ON "alert_rules" USING btree ("mode","workspace_id") WHERE "alert_rules"."enabled";--> statement-breakpoint
CREATE UNIQUE INDEX "free_time_defaults_workspace_carrier_idx" ON "free_time_defaults" USING btree ("workspace_id","carrier_scac");--> statement-breakpoint
CREATE INDEX "ocean_shipments_list_free_time_idx" ON "ocean_shipments" USING btree ("workspace_id","archived","free_time_ends_on","id");--> statement-breakpoint
CREATE INDEX "ocean_shipments_list_cost_idx" ON "ocean_shipments" USING btree ("workspace_id","archived","dd_cost_cents","id");--> statement-breakpoint
CREATE INDEX "ocean_shipments_dd_money_idx" ON "ocean_shipments" USING btree ("workspace_id","archived","dd_currency") WHERE "ocean_shipments"."dd_cost_week_cents" > 0;--> statement-breakpoint
-- Every existing workspace gets the rules a new one starts with (DEFAULT_ALERT_RULES in
-- packages/shared/src/alerts/alerts.schema.ts), heard by all its members.
INSERT INTO "alert_rules" ("workspace_id", "scope", "owner_id", "name", "mode", "condition", "filters", "recipients", "created_at")
SELECT w."id", 'workspace', NULL, r.name, 'ocean', r.condition::jsonb,
       '{"carriers":[],"pol":[],"pod":[],"favoritesOnly":false}'::jsonb,
       '{"allMembers":true,"userIds":[],"emails":[]}'::jsonb,
       now() + r.position * interval '1 millisecond'
FROM "workspaces" w
CROSS JOIN (VALUES
  (1, 'Last free day in 2 days', '{"kind":"lfd","days":2}'),
  (2, 'ETA slipped over 24 h', '{"kind":"eta_slip","hours":24,"against":"first"}'),
  (3, 'Rolled', '{"kind":"rolled"}')
) AS r(position, name, condition);
