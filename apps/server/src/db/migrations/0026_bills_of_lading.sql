-- ADR 0037: a workspace may follow a bill of lading or a carrier booking alone; the engine asks the
-- carrier which containers travel on it (tracked_bills, kept apart by scope as tracked items are) and
-- adds each to the workspaces that follow it (ocean_bills) as an ocean shipment under it. An item's
-- reference may be a booking number (a container a booking named before its bill was known).
CREATE TABLE "ocean_bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"not_added" text[] DEFAULT '{}'::text[] NOT NULL,
	"retry_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracked_bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"carrier" text NOT NULL,
	"scope" text NOT NULL,
	"organization_id" uuid,
	"state" text DEFAULT 'pending' NOT NULL,
	"containers" text[] DEFAULT '{}'::text[] NOT NULL,
	"transport_document_reference" text,
	"tracking_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_source" text,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"not_found_checks" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracked_bills_scope_organization_check" CHECK (("tracked_bills"."scope" = 'organization') = ("tracked_bills"."organization_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "bill_id" uuid;--> statement-breakpoint
ALTER TABLE "tracked_items" ADD COLUMN "reference_kind" text DEFAULT 'bl' NOT NULL;--> statement-breakpoint
ALTER TABLE "ocean_bills" ADD CONSTRAINT "ocean_bills_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocean_bills" ADD CONSTRAINT "ocean_bills_bill_id_tracked_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."tracked_bills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocean_bills" ADD CONSTRAINT "ocean_bills_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_bills" ADD CONSTRAINT "tracked_bills_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ocean_bills_workspace_bill_idx" ON "ocean_bills" USING btree ("workspace_id","bill_id");--> statement-breakpoint
CREATE INDEX "ocean_bills_bill_idx" ON "ocean_bills" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "ocean_bills_retry_idx" ON "ocean_bills" USING btree ("retry_at") WHERE "ocean_bills"."retry_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ocean_bills_list_idx" ON "ocean_bills" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tracked_bills_identity_idx" ON "tracked_bills" USING btree ("kind","reference","carrier","scope",COALESCE("organization_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "tracked_bills_organization_idx" ON "tracked_bills" USING btree ("organization_id","carrier") WHERE "tracked_bills"."organization_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "tracked_bills_due_idx" ON "tracked_bills" USING btree ("next_check_at") WHERE "tracked_bills"."state" NOT IN ('completed', 'no_source');--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD CONSTRAINT "ocean_shipments_bill_id_ocean_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."ocean_bills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ocean_shipments_bill_idx" ON "ocean_shipments" USING btree ("bill_id","created_at","id") WHERE "ocean_shipments"."bill_id" IS NOT NULL;