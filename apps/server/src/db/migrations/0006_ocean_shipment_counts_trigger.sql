-- Keeps ocean_shipment_counts in step with every insert, delete and archive/unarchive of ocean_shipments,
-- whatever code path makes it (intake, archive, a workspace deleted, a bulk import).
CREATE FUNCTION ocean_shipment_counts_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO ocean_shipment_counts (workspace_id, active, archived)
    VALUES (NEW.workspace_id, CASE WHEN NEW.archived THEN 0 ELSE 1 END, CASE WHEN NEW.archived THEN 1 ELSE 0 END)
    ON CONFLICT (workspace_id) DO UPDATE
      SET active = ocean_shipment_counts.active + EXCLUDED.active,
          archived = ocean_shipment_counts.archived + EXCLUDED.archived;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE ocean_shipment_counts
      SET active = active - CASE WHEN OLD.archived THEN 0 ELSE 1 END,
          archived = archived - CASE WHEN OLD.archived THEN 1 ELSE 0 END
      WHERE workspace_id = OLD.workspace_id;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ocean_shipment_counts_insert_delete AFTER INSERT OR DELETE ON ocean_shipments
  FOR EACH ROW EXECUTE FUNCTION ocean_shipment_counts_apply();
--> statement-breakpoint
CREATE TRIGGER ocean_shipment_counts_archive AFTER UPDATE OF archived, workspace_id ON ocean_shipments
  FOR EACH ROW WHEN (OLD.archived IS DISTINCT FROM NEW.archived OR OLD.workspace_id IS DISTINCT FROM NEW.workspace_id)
  EXECUTE FUNCTION ocean_shipment_counts_apply();
