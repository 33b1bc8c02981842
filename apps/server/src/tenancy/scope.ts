import { eq, inArray, sql, type Column, type SQL, type SQLWrapper } from 'drizzle-orm';
import { organizations, workspaces } from '../db/schema/organizations';

/** The workspace a query works in: a {@link Tenant}, or an id a job or a fan-out holds. */
export interface WorkspaceScope {
  workspaceId: string;
}

/** The organization a query works in: a {@link Tenant}, or an id a job or a fan-out holds. */
export interface OrganizationScope {
  organizationId: string;
}

/**
 * The condition that keeps a query to one workspace's rows: every table a workspace owns has a
 * `workspaceId` column, and a row of another workspace is simply not found (ADR 0040).
 */
export function inWorkspace(scope: WorkspaceScope, table: { workspaceId: Column }): SQL {
  return eq(table.workspaceId, scope.workspaceId);
}

/**
 * {@link inWorkspace} over several workspaces: ids a fan-out already checked, or a subquery that
 * selects them (an organization's workspaces).
 */
export function inWorkspaces(
  workspaceIds: readonly string[] | SQLWrapper,
  table: { workspaceId: Column },
): SQL {
  return isReadonlyArray(workspaceIds)
    ? inArray(table.workspaceId, [...workspaceIds])
    : inArray(table.workspaceId, workspaceIds);
}

const isReadonlyArray = (value: unknown): value is readonly string[] => Array.isArray(value);

/** The condition that keeps a query to one organization's rows (its `organizationId` column). */
export function inOrganization(scope: OrganizationScope, table: { organizationId: Column }): SQL {
  return eq(table.organizationId, scope.organizationId);
}

/** The scope's own row of `workspaces`. */
export function theWorkspace(scope: WorkspaceScope): SQL {
  return eq(workspaces.id, scope.workspaceId);
}

/** The scope's own row of `organizations`. */
export function theOrganization(scope: OrganizationScope): SQL {
  return eq(organizations.id, scope.organizationId);
}

/**
 * {@link inWorkspace} for a column a raw statement names through an alias (`sql.raw('s.workspace_id')`)
 * or a correlated subquery: the same `column = $id` condition.
 */
export function workspaceIs(scope: WorkspaceScope, column: SQL | Column): SQL {
  return sql`${column} = ${scope.workspaceId}`;
}

/** {@link inOrganization} for a column a raw statement names through an alias. */
export function organizationIs(scope: OrganizationScope, column: SQL | Column): SQL {
  return sql`${column} = ${scope.organizationId}`;
}
