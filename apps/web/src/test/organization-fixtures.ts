import type {
  Organization,
  OrganizationMember,
  OrganizationOverview,
  Workspace,
  WorkspaceMember,
  WorkspaceWithCount,
} from '@tracklane/shared/organizations/organizations.schema';
import { testUser } from './http';

/** Test data shaped exactly as the server answers (shared schemas), in three organizations. */

export function workspace(id: string, name: string, organizationId: string, isDefault = false): Workspace {
  return { id, workspaceId: id, name, workspaceName: name, image: null, isDefault, organizationId };
}

function organization(
  id: string,
  name: string,
  fields: Pick<Organization, 'role' | 'shipmentPermission' | 'isCreator' | 'workspaces'>,
): Organization {
  return {
    id,
    organizationId: id,
    organizationName: name,
    organizationImageUrl: null,
    image: null,
    creatorId: fields.isCreator ? testUser.id : 'u-other',
    ...fields,
  };
}

export const acmeDefault = workspace('w-1', 'Default Workspace', 'o-1', true);
export const acmeImports = workspace('w-2', 'Imports Europe', 'o-1');
export const betaDesk = workspace('w-3', 'Rotterdam Desk', 'o-2', true);

/** The user's own organization: creator and company admin. */
export const acme = organization('o-1', 'Acme Freight', {
  role: 'company_admin',
  shipmentPermission: 0,
  isCreator: true,
  workspaces: [acmeDefault, acmeImports],
});

/** Invited as a general user with view-only shipments, in one workspace. */
export const beta = organization('o-2', 'Beta Logistics', {
  role: 'general_user',
  shipmentPermission: 1,
  isCreator: false,
  workspaces: [betaDesk],
});

/** Still a member, but of none of its workspaces: the rail offers to leave it. */
export const gamma = organization('o-3', 'Gamma Shipping', {
  role: 'general_user',
  shipmentPermission: 0,
  isCreator: false,
  workspaces: [],
});

export const allOrganizations = [acme, beta, gamma];

export const selectionOf = (w: Workspace) => ({
  organizationId: w.organizationId,
  workspaceId: w.workspaceId,
});

export function overview(fields: Partial<OrganizationOverview> = {}): OrganizationOverview {
  return {
    organizationId: 'o-1',
    organizationName: 'Acme Freight',
    plan: 'free',
    memberLimit: 5,
    memberUsage: 3,
    memberCount: 3,
    pendingInvitations: 0,
    workspaceCount: 2,
    ...fields,
  };
}

export const withCount = (w: Workspace, memberCount: number): WorkspaceWithCount => ({ ...w, memberCount });

export const grace: WorkspaceMember = {
  id: 'u-2',
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  avatar: null,
};

export const organizationMembers: OrganizationMember[] = [
  {
    id: testUser.id,
    firstName: testUser.firstName,
    lastName: testUser.lastName,
    email: testUser.email,
    avatar: null,
    role: 'company_admin',
    shipmentPermission: 0,
    workspaceIds: ['w-1', 'w-2'],
    isCreator: true,
    you: true,
  },
  {
    ...grace,
    role: 'general_user',
    shipmentPermission: 1,
    workspaceIds: ['w-1'],
    isCreator: false,
    you: false,
  },
];
