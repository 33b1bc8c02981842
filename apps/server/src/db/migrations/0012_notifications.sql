CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"container_notifications" boolean DEFAULT true NOT NULL,
	"digest" text DEFAULT 'daily' NOT NULL,
	"in_app_off" text[] DEFAULT '{}'::text[] NOT NULL,
	"email_off" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"actor_id" uuid,
	"type" text NOT NULL,
	"change_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"workspace_ids" uuid[] NOT NULL,
	"in_app" boolean NOT NULL,
	"read_at" timestamp with time zone,
	"email_state" text NOT NULL,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"type" text NOT NULL,
	"key" text NOT NULL,
	"text" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_change_id_tracking_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."tracking_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_item_id_tracked_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."tracked_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_changes" ADD CONSTRAINT "tracking_changes_item_id_tracked_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."tracked_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_recipient_change_idx" ON "notifications" USING btree ("recipient_id","change_id");--> statement-breakpoint
CREATE INDEX "notifications_recipient_list_idx" ON "notifications" USING btree ("recipient_id","created_at","id") WHERE "notifications"."in_app";--> statement-breakpoint
CREATE INDEX "notifications_recipient_unread_idx" ON "notifications" USING btree ("recipient_id") WHERE "notifications"."in_app" AND "notifications"."read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_email_pending_idx" ON "notifications" USING btree ("recipient_id","created_at") WHERE "notifications"."email_state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_changes_item_key_idx" ON "tracking_changes" USING btree ("item_id","key");