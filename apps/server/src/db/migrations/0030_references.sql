CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "booking_number" text;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "customer_reference" text;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "po_numbers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "shipper_id" uuid;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "consignee_id" uuid;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "forwarder_id" uuid;--> statement-breakpoint
ALTER TABLE "express_shipments" ADD COLUMN "booking_number" text;--> statement-breakpoint
ALTER TABLE "express_shipments" ADD COLUMN "customer_reference" text;--> statement-breakpoint
ALTER TABLE "express_shipments" ADD COLUMN "po_numbers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "express_shipments" ADD COLUMN "shipper_id" uuid;--> statement-breakpoint
ALTER TABLE "express_shipments" ADD COLUMN "consignee_id" uuid;--> statement-breakpoint
ALTER TABLE "express_shipments" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "express_shipments" ADD COLUMN "forwarder_id" uuid;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_workspace_name_idx" ON "companies" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
CREATE INDEX "companies_workspace_idx" ON "companies" USING btree ("workspace_id","name");--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD CONSTRAINT "ocean_shipments_shipper_id_companies_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD CONSTRAINT "ocean_shipments_consignee_id_companies_id_fk" FOREIGN KEY ("consignee_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD CONSTRAINT "ocean_shipments_customer_id_companies_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD CONSTRAINT "ocean_shipments_forwarder_id_companies_id_fk" FOREIGN KEY ("forwarder_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_shipments" ADD CONSTRAINT "express_shipments_shipper_id_companies_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_shipments" ADD CONSTRAINT "express_shipments_consignee_id_companies_id_fk" FOREIGN KEY ("consignee_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_shipments" ADD CONSTRAINT "express_shipments_customer_id_companies_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_shipments" ADD CONSTRAINT "express_shipments_forwarder_id_companies_id_fk" FOREIGN KEY ("forwarder_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ocean_shipments_po_numbers_idx" ON "ocean_shipments" USING gin ("po_numbers");--> statement-breakpoint
CREATE INDEX "ocean_shipments_customer_reference_idx" ON "ocean_shipments" USING btree ("workspace_id",upper("customer_reference") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ocean_shipments_booking_number_idx" ON "ocean_shipments" USING btree ("workspace_id",upper("booking_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "express_shipments_po_numbers_idx" ON "express_shipments" USING gin ("po_numbers");--> statement-breakpoint
CREATE INDEX "express_shipments_customer_reference_idx" ON "express_shipments" USING btree ("workspace_id",upper("customer_reference") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "express_shipments_booking_number_idx" ON "express_shipments" USING btree ("workspace_id",upper("booking_number") text_pattern_ops);