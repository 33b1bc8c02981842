CREATE TABLE "issued_etas" (
	"item_id" uuid NOT NULL,
	"source" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"workspace_id" uuid,
	"eta" timestamp with time zone,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipment_arrivals" DROP CONSTRAINT "shipment_arrivals_item_id_source_pk";--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "manual_eta" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "manual_eta_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "manual_eta_set_by" uuid;--> statement-breakpoint
ALTER TABLE "shipment_arrivals" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "shipment_arrivals" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "issued_etas" ADD CONSTRAINT "issued_etas_item_id_tracked_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."tracked_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_etas" ADD CONSTRAINT "issued_etas_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_etas" ADD CONSTRAINT "issued_etas_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issued_etas_item_idx" ON "issued_etas" USING btree ("item_id","source","organization_id","issued_at");--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD CONSTRAINT "ocean_shipments_manual_eta_set_by_users_id_fk" FOREIGN KEY ("manual_eta_set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_arrivals" ADD CONSTRAINT "shipment_arrivals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_arrivals" ADD CONSTRAINT "shipment_arrivals_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_arrivals" ADD CONSTRAINT "shipment_arrivals_item_source_scope_key" UNIQUE NULLS NOT DISTINCT("item_id","source","organization_id","workspace_id");