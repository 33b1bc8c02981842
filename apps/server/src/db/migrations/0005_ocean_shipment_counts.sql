CREATE TABLE "ocean_shipment_counts" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"archived" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ocean_shipment_counts" ADD CONSTRAINT "ocean_shipment_counts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;