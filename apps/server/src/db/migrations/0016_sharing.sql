CREATE TABLE "share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"shipment_ids" uuid[] NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shipment_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"ocean_shipment_id" uuid,
	"express_shipment_id" uuid,
	"email" text NOT NULL,
	"shared_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "shipment_shares_one_shipment" CHECK (("shipment_shares"."mode" = 'ocean' AND "shipment_shares"."ocean_shipment_id" IS NOT NULL AND "shipment_shares"."express_shipment_id" IS NULL) OR ("shipment_shares"."mode" = 'express' AND "shipment_shares"."express_shipment_id" IS NOT NULL AND "shipment_shares"."ocean_shipment_id" IS NULL)),
	CONSTRAINT "shipment_shares_email_lower" CHECK ("shipment_shares"."email" = lower("shipment_shares"."email"))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_entity_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "share_id" uuid;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_shares" ADD CONSTRAINT "shipment_shares_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_shares" ADD CONSTRAINT "shipment_shares_ocean_shipment_id_ocean_shipments_id_fk" FOREIGN KEY ("ocean_shipment_id") REFERENCES "public"."ocean_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_shares" ADD CONSTRAINT "shipment_shares_express_shipment_id_express_shipments_id_fk" FOREIGN KEY ("express_shipment_id") REFERENCES "public"."express_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_shares" ADD CONSTRAINT "shipment_shares_shared_by_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_token_idx" ON "share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "share_links_workspace_idx" ON "share_links" USING btree ("workspace_id","mode","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_shares_live_ocean_idx" ON "shipment_shares" USING btree ("ocean_shipment_id","email") WHERE "shipment_shares"."revoked_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_shares_live_express_idx" ON "shipment_shares" USING btree ("express_shipment_id","email") WHERE "shipment_shares"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "shipment_shares_recipient_idx" ON "shipment_shares" USING btree ("email","mode","created_at") WHERE "shipment_shares"."revoked_at" IS NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_share_id_shipment_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shipment_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_recipient_share_idx" ON "notifications" USING btree ("recipient_id","share_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_entity_check" CHECK (num_nonnulls("notifications"."change_id", "notifications"."comment_id", "notifications"."share_id") = 1 AND ("notifications"."comment_id" IS NULL) = ("notifications"."type" <> 'comment_mention') AND ("notifications"."share_id" IS NULL) = ("notifications"."type" <> 'shared'));