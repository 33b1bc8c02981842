ALTER TABLE "express_shipments" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "express_shipments_tags_idx" ON "express_shipments" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "ocean_shipments_tags_idx" ON "ocean_shipments" USING gin ("tags");--> statement-breakpoint
-- Rules saved before tags existed filter by none.
UPDATE "alert_rules" SET "filters" = "filters" || '{"tags": []}'::jsonb WHERE NOT ("filters" ? 'tags');
