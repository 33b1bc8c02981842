CREATE TABLE "carrier_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"reference_type" text NOT NULL,
	"reference" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"subscription_id" text,
	"secret" text NOT NULL,
	"claimed_until" timestamp with time zone,
	"retry_at" timestamp with time zone,
	"last_error" text,
	"last_callback_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carrier_connections" ADD COLUMN "delivery" text DEFAULT 'poll' NOT NULL;--> statement-breakpoint
ALTER TABLE "carrier_connections" ADD COLUMN "subscriptions_url" text;--> statement-breakpoint
ALTER TABLE "carrier_connections" ADD COLUMN "last_callback_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "carrier_subscriptions" ADD CONSTRAINT "carrier_subscriptions_connection_id_carrier_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."carrier_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_subscriptions" ADD CONSTRAINT "carrier_subscriptions_item_id_tracked_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."tracked_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_subscriptions_item_idx" ON "carrier_subscriptions" USING btree ("connection_id","item_id");--> statement-breakpoint
CREATE INDEX "carrier_subscriptions_carrier_id_idx" ON "carrier_subscriptions" USING btree ("connection_id","subscription_id");--> statement-breakpoint
CREATE INDEX "carrier_subscriptions_items_idx" ON "carrier_subscriptions" USING btree ("item_id");