CREATE TABLE "share_emails" (
	"email" text NOT NULL,
	"mode" text NOT NULL,
	"shipment_id" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_emails_email_mode_shipment_id_pk" PRIMARY KEY("email","mode","shipment_id")
);
--> statement-breakpoint
ALTER TABLE "shipment_shares" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "share_emails_sent_at_idx" ON "share_emails" USING btree ("sent_at");--> statement-breakpoint
-- A share invite is read only by opening its shipment: shares opened before this column existed.
UPDATE "shipment_shares" SET "opened_at" = n."read_at" FROM "notifications" n WHERE n."share_id" = "shipment_shares"."id" AND n."read_at" IS NOT NULL;
