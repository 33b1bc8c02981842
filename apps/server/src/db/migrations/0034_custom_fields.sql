CREATE TABLE "custom_field_values" (
	"workspace_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"subscription_id" uuid NOT NULL,
	"ordinal" smallint DEFAULT 0 NOT NULL,
	"text_value" text,
	"number_value" double precision,
	"date_value" date,
	CONSTRAINT "custom_field_values_field_id_subscription_id_ordinal_pk" PRIMARY KEY("field_id","subscription_id","ordinal")
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"choices" text[] DEFAULT '{}'::text[] NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_field_id_custom_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."custom_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_field_values_subscription_idx" ON "custom_field_values" USING btree ("mode","subscription_id");--> statement-breakpoint
CREATE INDEX "custom_field_values_text_idx" ON "custom_field_values" USING btree ("field_id","text_value","subscription_id");--> statement-breakpoint
CREATE INDEX "custom_field_values_text_upper_idx" ON "custom_field_values" USING btree ("field_id",upper("text_value") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "custom_field_values_number_idx" ON "custom_field_values" USING btree ("field_id","number_value","subscription_id");--> statement-breakpoint
CREATE INDEX "custom_field_values_date_idx" ON "custom_field_values" USING btree ("field_id","date_value","subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_workspace_name_idx" ON "custom_fields" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
CREATE INDEX "custom_fields_workspace_idx" ON "custom_fields" USING btree ("workspace_id","position");--> statement-breakpoint
-- A shipment's custom field values go with it. The subscription id names one of several tables, so no
-- foreign key can: each subscription table's trigger passes its mode, once per statement.
CREATE FUNCTION custom_field_values_forget() RETURNS trigger AS $$
BEGIN
  DELETE FROM custom_field_values v USING gone
    WHERE v.mode = TG_ARGV[0] AND v.subscription_id = gone.id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ocean_shipments_forget_custom_values AFTER DELETE ON ocean_shipments
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION custom_field_values_forget('ocean');
--> statement-breakpoint
CREATE TRIGGER express_shipments_forget_custom_values AFTER DELETE ON express_shipments
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION custom_field_values_forget('express');
