-- Exceptions as work (ADR 0044): typed exceptions per shipment with state, owner and due date, and
-- their audit trail. The partial unique index keeps one per shipment, type and occurrence while its
-- condition holds, so concurrent refreshes cannot open two. An alert rule may name the member its
-- exceptions are assigned to as they open.
CREATE TABLE "shipment_exception_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exception_id" uuid NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"note" text,
	"owner_id" uuid,
	"due_on" date,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"seq" bigserial NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"subscription_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"type" text NOT NULL,
	"mark" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"detail" text NOT NULL,
	"owner_id" uuid,
	"due_on" date,
	"opened_at" timestamp (3) with time zone NOT NULL,
	"cleared_at" timestamp (3) with time zone,
	"resolved_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "exception_owner_id" uuid;--> statement-breakpoint
ALTER TABLE "shipment_exception_events" ADD CONSTRAINT "shipment_exception_events_exception_id_shipment_exceptions_id_fk" FOREIGN KEY ("exception_id") REFERENCES "public"."shipment_exceptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_exception_events" ADD CONSTRAINT "shipment_exception_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_exception_events" ADD CONSTRAINT "shipment_exception_events_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_exceptions" ADD CONSTRAINT "shipment_exceptions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_exceptions" ADD CONSTRAINT "shipment_exceptions_item_id_tracked_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."tracked_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_exceptions" ADD CONSTRAINT "shipment_exceptions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_exception_events_exception_idx" ON "shipment_exception_events" USING btree ("exception_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_exceptions_episode_idx" ON "shipment_exceptions" USING btree ("subscription_id","type","mark") WHERE "shipment_exceptions"."cleared_at" IS NULL;--> statement-breakpoint
CREATE INDEX "shipment_exceptions_list_idx" ON "shipment_exceptions" USING btree ("workspace_id","state","opened_at","id");--> statement-breakpoint
CREATE INDEX "shipment_exceptions_item_idx" ON "shipment_exceptions" USING btree ("item_id") WHERE "shipment_exceptions"."cleared_at" IS NULL;--> statement-breakpoint
CREATE INDEX "shipment_exceptions_owner_idx" ON "shipment_exceptions" USING btree ("owner_id") WHERE "shipment_exceptions"."state" IN ('open', 'acknowledged');--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_exception_owner_id_users_id_fk" FOREIGN KEY ("exception_owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;