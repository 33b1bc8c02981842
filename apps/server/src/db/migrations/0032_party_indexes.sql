CREATE INDEX "ocean_shipments_shipper_idx" ON "ocean_shipments" USING btree ("shipper_id") WHERE "ocean_shipments"."shipper_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ocean_shipments_consignee_idx" ON "ocean_shipments" USING btree ("consignee_id") WHERE "ocean_shipments"."consignee_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ocean_shipments_customer_idx" ON "ocean_shipments" USING btree ("customer_id") WHERE "ocean_shipments"."customer_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ocean_shipments_forwarder_idx" ON "ocean_shipments" USING btree ("forwarder_id") WHERE "ocean_shipments"."forwarder_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "express_shipments_shipper_idx" ON "express_shipments" USING btree ("shipper_id") WHERE "express_shipments"."shipper_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "express_shipments_consignee_idx" ON "express_shipments" USING btree ("consignee_id") WHERE "express_shipments"."consignee_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "express_shipments_customer_idx" ON "express_shipments" USING btree ("customer_id") WHERE "express_shipments"."customer_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "express_shipments_forwarder_idx" ON "express_shipments" USING btree ("forwarder_id") WHERE "express_shipments"."forwarder_id" IS NOT NULL;