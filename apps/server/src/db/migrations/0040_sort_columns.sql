-- A shipment's PO numbers as a list sorts by them (ADR 0054): joined, cut, none being null.
-- array_to_string is stable for any array; for text[] it depends on nothing, so this is immutable
-- and an index can hold it.
CREATE FUNCTION po_numbers_sort_text(po_numbers text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN left(NULLIF(array_to_string(po_numbers, ', '), ''), 100);
--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "shipper_sort_name" text;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "consignee_sort_name" text;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "customer_sort_name" text;--> statement-breakpoint
ALTER TABLE "ocean_shipments" ADD COLUMN "forwarder_sort_name" text;--> statement-breakpoint
ALTER TABLE "express_shipments" ADD COLUMN "shipper_sort_name" text;--> statement-breakpoint
ALTER TABLE "express_shipments" ADD COLUMN "consignee_sort_name" text;--> statement-breakpoint
ALTER TABLE "express_shipments" ADD COLUMN "customer_sort_name" text;--> statement-breakpoint
ALTER TABLE "express_shipments" ADD COLUMN "forwarder_sort_name" text;--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD COLUMN "joined_choices" text;--> statement-breakpoint
-- The parties' names as lists sort by them, filled before the triggers and indexes exist.
UPDATE ocean_shipments s SET
  shipper_sort_name = (SELECT left(c.name, 100) FROM companies c WHERE c.id = s.shipper_id),
  consignee_sort_name = (SELECT left(c.name, 100) FROM companies c WHERE c.id = s.consignee_id),
  customer_sort_name = (SELECT left(c.name, 100) FROM companies c WHERE c.id = s.customer_id),
  forwarder_sort_name = (SELECT left(c.name, 100) FROM companies c WHERE c.id = s.forwarder_id)
  WHERE s.shipper_id IS NOT NULL OR s.consignee_id IS NOT NULL OR s.customer_id IS NOT NULL
    OR s.forwarder_id IS NOT NULL;
--> statement-breakpoint
UPDATE express_shipments s SET
  shipper_sort_name = (SELECT left(c.name, 100) FROM companies c WHERE c.id = s.shipper_id),
  consignee_sort_name = (SELECT left(c.name, 100) FROM companies c WHERE c.id = s.consignee_id),
  customer_sort_name = (SELECT left(c.name, 100) FROM companies c WHERE c.id = s.customer_id),
  forwarder_sort_name = (SELECT left(c.name, 100) FROM companies c WHERE c.id = s.forwarder_id)
  WHERE s.shipper_id IS NOT NULL OR s.consignee_id IS NOT NULL OR s.customer_id IS NOT NULL
    OR s.forwarder_id IS NOT NULL;
--> statement-breakpoint
-- A multiple choice's choices joined in their order, on each shipment's first row of the field.
UPDATE custom_field_values v SET joined_choices = j.joined
  FROM (SELECT w.field_id, w.subscription_id, min(w.ordinal) AS first,
               left(string_agg(w.text_value, ', ' ORDER BY w.ordinal), 100) AS joined
          FROM custom_field_values w JOIN custom_fields f ON f.id = w.field_id
          WHERE f.type = 'multi_choice'
          GROUP BY w.field_id, w.subscription_id) j
  WHERE v.field_id = j.field_id AND v.subscription_id = j.subscription_id AND v.ordinal = j.first;
--> statement-breakpoint
-- A party's name follows its company: set when a shipment is added or names another company (the
-- foreign keys' SET NULL included), once per row.
CREATE FUNCTION shipment_party_sort_names() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.shipper_id IS DISTINCT FROM OLD.shipper_id THEN
    NEW.shipper_sort_name := CASE WHEN NEW.shipper_id IS NOT NULL
      THEN (SELECT left(c.name, 100) FROM companies c WHERE c.id = NEW.shipper_id) END;
  END IF;
  IF TG_OP = 'INSERT' OR NEW.consignee_id IS DISTINCT FROM OLD.consignee_id THEN
    NEW.consignee_sort_name := CASE WHEN NEW.consignee_id IS NOT NULL
      THEN (SELECT left(c.name, 100) FROM companies c WHERE c.id = NEW.consignee_id) END;
  END IF;
  IF TG_OP = 'INSERT' OR NEW.customer_id IS DISTINCT FROM OLD.customer_id THEN
    NEW.customer_sort_name := CASE WHEN NEW.customer_id IS NOT NULL
      THEN (SELECT left(c.name, 100) FROM companies c WHERE c.id = NEW.customer_id) END;
  END IF;
  IF TG_OP = 'INSERT' OR NEW.forwarder_id IS DISTINCT FROM OLD.forwarder_id THEN
    NEW.forwarder_sort_name := CASE WHEN NEW.forwarder_id IS NOT NULL
      THEN (SELECT left(c.name, 100) FROM companies c WHERE c.id = NEW.forwarder_id) END;
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ocean_shipments_party_sort_names
  BEFORE INSERT OR UPDATE OF shipper_id, consignee_id, customer_id, forwarder_id ON ocean_shipments
  FOR EACH ROW EXECUTE FUNCTION shipment_party_sort_names();
--> statement-breakpoint
CREATE TRIGGER express_shipments_party_sort_names
  BEFORE INSERT OR UPDATE OF shipper_id, consignee_id, customer_id, forwarder_id ON express_shipments
  FOR EACH ROW EXECUTE FUNCTION shipment_party_sort_names();
--> statement-breakpoint
-- And a company's rename reaches the shipments that name it, in every role: one trigger per
-- subscription table (its name the argument), once per statement.
CREATE FUNCTION shipment_party_sort_names_follow() RETURNS trigger AS $$
DECLARE
  role text;
BEGIN
  IF NOT EXISTS (SELECT FROM renamed_new n JOIN renamed_old o ON o.id = n.id
                 WHERE o.name IS DISTINCT FROM n.name) THEN
    RETURN NULL;
  END IF;
  FOREACH role IN ARRAY ARRAY['shipper', 'consignee', 'customer', 'forwarder'] LOOP
    EXECUTE format(
      'UPDATE %1$I s SET %2$I = left(n.name, 100) FROM renamed_new n JOIN renamed_old o ON o.id = n.id
         WHERE s.%3$I = n.id AND o.name IS DISTINCT FROM n.name AND s.%2$I IS DISTINCT FROM left(n.name, 100)',
      TG_ARGV[0], role || '_sort_name', role || '_id');
  END LOOP;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ocean_shipments_party_sort_names_follow AFTER UPDATE ON companies
  REFERENCING OLD TABLE AS renamed_old NEW TABLE AS renamed_new
  FOR EACH STATEMENT EXECUTE FUNCTION shipment_party_sort_names_follow('ocean_shipments');
--> statement-breakpoint
CREATE TRIGGER express_shipments_party_sort_names_follow AFTER UPDATE ON companies
  REFERENCING OLD TABLE AS renamed_old NEW TABLE AS renamed_new
  FOR EACH STATEMENT EXECUTE FUNCTION shipment_party_sort_names_follow('express_shipments');
--> statement-breakpoint
-- A multiple choice's joined choices follow its rows: recomputed, once per statement, for each
-- (field, shipment) whose choices were added, removed or renamed (an update that changes only
-- joined_choices, as this trigger's own, changes none, so it stops there).
CREATE FUNCTION custom_field_values_join_choices() RETURNS trigger AS $$
DECLARE
  fields uuid[];
  shipments uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(t.field_id), array_agg(t.subscription_id) INTO fields, shipments
      FROM (SELECT DISTINCT field_id, subscription_id FROM changed_new) t
      JOIN custom_fields f ON f.id = t.field_id WHERE f.type = 'multi_choice';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(t.field_id), array_agg(t.subscription_id) INTO fields, shipments
      FROM (SELECT DISTINCT field_id, subscription_id FROM changed_old) t
      JOIN custom_fields f ON f.id = t.field_id WHERE f.type = 'multi_choice';
  ELSE
    SELECT array_agg(t.field_id), array_agg(t.subscription_id) INTO fields, shipments
      FROM (SELECT field_id, subscription_id FROM (
              (SELECT field_id, subscription_id, ordinal, text_value FROM changed_new
               EXCEPT SELECT field_id, subscription_id, ordinal, text_value FROM changed_old)
              UNION
              (SELECT field_id, subscription_id, ordinal, text_value FROM changed_old
               EXCEPT SELECT field_id, subscription_id, ordinal, text_value FROM changed_new)) c
            GROUP BY field_id, subscription_id) t
      JOIN custom_fields f ON f.id = t.field_id WHERE f.type = 'multi_choice';
  END IF;
  IF fields IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE custom_field_values v SET joined_choices = CASE WHEN v.ordinal = j.first THEN j.joined END
    FROM (SELECT w.field_id, w.subscription_id, min(w.ordinal) AS first,
                 left(string_agg(w.text_value, ', ' ORDER BY w.ordinal), 100) AS joined
            FROM custom_field_values w
            JOIN unnest(fields, shipments) AS t(field_id, subscription_id)
              ON w.field_id = t.field_id AND w.subscription_id = t.subscription_id
            GROUP BY w.field_id, w.subscription_id) j
    WHERE v.field_id = j.field_id AND v.subscription_id = j.subscription_id
      AND v.joined_choices IS DISTINCT FROM CASE WHEN v.ordinal = j.first THEN j.joined END;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER custom_field_values_join_choices_insert AFTER INSERT ON custom_field_values
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION custom_field_values_join_choices();
--> statement-breakpoint
CREATE TRIGGER custom_field_values_join_choices_update AFTER UPDATE ON custom_field_values
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION custom_field_values_join_choices();
--> statement-breakpoint
CREATE TRIGGER custom_field_values_join_choices_delete AFTER DELETE ON custom_field_values
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION custom_field_values_join_choices();
--> statement-breakpoint
CREATE INDEX "ocean_shipments_po_numbers_sort_idx" ON "ocean_shipments" USING btree ("workspace_id",po_numbers_sort_text("po_numbers"),"id") WHERE po_numbers_sort_text("ocean_shipments"."po_numbers") IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ocean_shipments_shipper_sort_idx" ON "ocean_shipments" USING btree ("workspace_id","shipper_sort_name","id") WHERE "ocean_shipments"."shipper_sort_name" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ocean_shipments_consignee_sort_idx" ON "ocean_shipments" USING btree ("workspace_id","consignee_sort_name","id") WHERE "ocean_shipments"."consignee_sort_name" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ocean_shipments_customer_sort_idx" ON "ocean_shipments" USING btree ("workspace_id","customer_sort_name","id") WHERE "ocean_shipments"."customer_sort_name" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ocean_shipments_forwarder_sort_idx" ON "ocean_shipments" USING btree ("workspace_id","forwarder_sort_name","id") WHERE "ocean_shipments"."forwarder_sort_name" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "express_shipments_po_numbers_sort_idx" ON "express_shipments" USING btree ("workspace_id",po_numbers_sort_text("po_numbers"),"id") WHERE po_numbers_sort_text("express_shipments"."po_numbers") IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "express_shipments_shipper_sort_idx" ON "express_shipments" USING btree ("workspace_id","shipper_sort_name","id") WHERE "express_shipments"."shipper_sort_name" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "express_shipments_consignee_sort_idx" ON "express_shipments" USING btree ("workspace_id","consignee_sort_name","id") WHERE "express_shipments"."consignee_sort_name" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "express_shipments_customer_sort_idx" ON "express_shipments" USING btree ("workspace_id","customer_sort_name","id") WHERE "express_shipments"."customer_sort_name" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "express_shipments_forwarder_sort_idx" ON "express_shipments" USING btree ("workspace_id","forwarder_sort_name","id") WHERE "express_shipments"."forwarder_sort_name" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "custom_field_values_sort_choices_idx" ON "custom_field_values" USING btree ("field_id","joined_choices","subscription_id") WHERE "custom_field_values"."joined_choices" IS NOT NULL;--> statement-breakpoint
-- The values' statistics are per column over every field: `field_id = <a multiple choice>` and
-- `joined_choices IS NOT NULL` looked independent, their product a small share of that field's
-- rows, so a deep page past a cursor was planned as a few dozen values and read as a bitmap scan of
-- thousands and a sort. The pairs' common values tell PostgreSQL that a set joined text belongs to
-- a multiple choice's rows.
CREATE STATISTICS custom_field_values_joined_choices_stats (mcv) ON field_id, joined_choices FROM custom_field_values;
--> statement-breakpoint
ANALYZE custom_field_values;
