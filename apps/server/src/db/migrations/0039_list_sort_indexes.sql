CREATE INDEX "ocean_shipments_list_id_idx" ON "ocean_shipments" USING btree ("workspace_id","archived","id");--> statement-breakpoint
CREATE INDEX "ocean_shipments_customer_reference_sort_idx" ON "ocean_shipments" USING btree ("workspace_id",left("customer_reference", 100),"id");--> statement-breakpoint
CREATE INDEX "ocean_shipments_booking_number_sort_idx" ON "ocean_shipments" USING btree ("workspace_id",left("booking_number", 100),"id");--> statement-breakpoint
CREATE INDEX "express_shipments_list_id_idx" ON "express_shipments" USING btree ("workspace_id","tab","id");--> statement-breakpoint
CREATE INDEX "express_shipments_customer_reference_sort_idx" ON "express_shipments" USING btree ("workspace_id",left("customer_reference", 100),"id");--> statement-breakpoint
CREATE INDEX "express_shipments_booking_number_sort_idx" ON "express_shipments" USING btree ("workspace_id",left("booking_number", 100),"id");--> statement-breakpoint
CREATE INDEX "custom_field_values_sort_text_idx" ON "custom_field_values" USING btree ("field_id",left("text_value", 100),"subscription_id");