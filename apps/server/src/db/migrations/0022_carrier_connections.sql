CREATE TABLE "carrier_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"carrier" text NOT NULL,
	"kind" text NOT NULL,
	"base_url" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"auth" jsonb NOT NULL,
	"secrets" text,
	"masked" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"per_minute" integer DEFAULT 10 NOT NULL,
	"per_day" integer DEFAULT 100 NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_error_at" timestamp with time zone,
	"last_error_class" text,
	"last_error_message" text,
	"failing_since" timestamp with time zone,
	"failure_mailed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carrier_connections" ADD CONSTRAINT "carrier_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_connections" ADD CONSTRAINT "carrier_connections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carrier_connections_organization_idx" ON "carrier_connections" USING btree ("organization_id","carrier");--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_connections_enabled_idx" ON "carrier_connections" USING btree ("organization_id","carrier") WHERE "carrier_connections"."enabled";