CREATE TABLE "mail_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"outbox_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"disposition" text NOT NULL,
	"content_id" text,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"monthly_price" integer NOT NULL,
	"yearly_price" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"member_limit" integer NOT NULL,
	"shipment_quota" integer NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"user_email" text NOT NULL,
	"organization_id" uuid,
	"workspace_id" uuid,
	"category" text NOT NULL,
	"content" text NOT NULL,
	"page_url" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usage_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"workspace_id" uuid,
	"action" text NOT NULL,
	"details" jsonb NOT NULL,
	"page_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "shipment_quota" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "plan_interval" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "plan_renews_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_outbox_id_mail_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."mail_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_events" ADD CONSTRAINT "usage_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_attachments_outbox_idx" ON "mail_attachments" USING btree ("outbox_id","position");--> statement-breakpoint
CREATE INDEX "feedback_created_at_idx" ON "feedback" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "usage_events_user_idx" ON "usage_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "usage_events_action_idx" ON "usage_events" USING btree ("action","created_at");--> statement-breakpoint
-- The plans on offer (plans are data: change prices and limits here or in the table, not in code).
INSERT INTO "plans" ("id", "name", "description", "monthly_price", "yearly_price", "member_limit", "shipment_quota", "features", "position") VALUES
  ('free', 'Free', 'For a small team getting started', 0, 0, 10, 50,
   '["Ocean containers and express parcels","Dashboards and the live map","E-mail notifications","Unlimited workspaces"]'::jsonb, 0),
  ('team', 'Team', 'For a logistics team tracking every week', 4900, 49000, 25, 500,
   '["Everything in Free","Priority e-mail support"]'::jsonb, 1),
  ('business', 'Business', 'For operations across many sites and forwarders', 19900, 199000, 100, 5000,
   '["Everything in Team","Onboarding call with the team"]'::jsonb, 2);
--> statement-breakpoint
-- Any plan an organization already names stays valid, with the limits it has today.
INSERT INTO "plans" ("id", "name", "description", "monthly_price", "yearly_price", "member_limit", "shipment_quota", "position", "active")
SELECT o."plan", initcap(o."plan"), 'An earlier plan', 0, 0, max(o."member_limit"), 50, 99, false
FROM "organizations" o WHERE o."plan" NOT IN (SELECT "id" FROM "plans") GROUP BY o."plan";
--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_plan_interval_check" CHECK ("plan_interval" IN ('month', 'year'));--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_plan_plans_id_fk" FOREIGN KEY ("plan") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_stripe_customer_id_unique" UNIQUE("stripe_customer_id");