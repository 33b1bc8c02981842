DROP INDEX "express_shipments_list_created_idx";--> statement-breakpoint
DROP INDEX "express_shipments_list_delivery_idx";--> statement-breakpoint
DROP INDEX "express_shipments_list_updated_idx";--> statement-breakpoint
CREATE INDEX "express_shipments_list_created_idx" ON "express_shipments" USING btree ("workspace_id","tab","created_at","id","tracking_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "express_shipments_list_delivery_idx" ON "express_shipments" USING btree ("workspace_id","tab","delivery_at","id","tracking_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "express_shipments_list_updated_idx" ON "express_shipments" USING btree ("workspace_id","tab","updated_at","id","tracking_no" text_pattern_ops);