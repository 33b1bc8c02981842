-- Workspaces that already share a name within their organization (case and spacing aside) must not stop
-- this migration. In each such group the default workspace, then the oldest, keeps its name; each later
-- one gets the first free " 2", " 3"… suffix (cut to the 60-character name limit), so the outcome
-- depends only on the data.
DO $$
DECLARE
  dup record;
  n integer;
  candidate text;
BEGIN
  FOR dup IN
    SELECT ranked.id, ranked.organization_id, ranked.base
    FROM (
      SELECT w.id, w.organization_id,
        btrim(regexp_replace(w.name, '[[:space:]]+', ' ', 'g')) AS base,
        row_number() OVER (
          PARTITION BY w.organization_id, lower(btrim(regexp_replace(w.name, '[[:space:]]+', ' ', 'g')))
          ORDER BY w.is_default DESC, w.created_at, w.id
        ) AS rank
      FROM workspaces w
    ) ranked
    WHERE ranked.rank > 1
    ORDER BY ranked.organization_id, lower(ranked.base), ranked.rank
  LOOP
    n := 2;
    LOOP
      candidate := btrim(left(dup.base, 60 - length(' ' || n))) || ' ' || n;
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM workspaces other
        WHERE other.organization_id = dup.organization_id
          AND other.id <> dup.id
          AND lower(btrim(regexp_replace(other.name, '[[:space:]]+', ' ', 'g'))) = lower(candidate)
      );
      n := n + 1;
    END LOOP;
    UPDATE workspaces SET name = candidate, updated_at = now() WHERE id = dup.id;
  END LOOP;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_organization_name_idx" ON "workspaces" USING btree ("organization_id",lower(btrim(regexp_replace("name", '[[:space:]]+', ' ', 'g'))));
