import { z } from 'zod';
import { entityNameSchema } from '../validation/entity-name';
import { endSentence } from '../sentence';

export const ORGANIZATION_ROLES = ['company_admin', 'general_user'] as const;
export const organizationRoleSchema = z.enum(ORGANIZATION_ROLES, {
  message: 'Role must be company_admin or general_user',
});
export type OrganizationRole = z.infer<typeof organizationRoleSchema>;

/** 0 = view and create shipments, 1 = view only, 2 = no shipment list (spec §6: "any other"). */
export const SHIPMENT_PERMISSIONS = [0, 1, 2] as const;
export const shipmentPermissionSchema = z
  .number()
  .int()
  .refine((v) => (SHIPMENT_PERMISSIONS as readonly number[]).includes(v), {
    message: 'Shipment permission must be 0 (view and create), 1 (view only) or 2 (none)',
  });

/** spec §3 Workspace (id and workspaceId, name and workspaceName: both spellings the spec uses). */
export const workspaceSchema = z.object({
  id: z.string(),
  workspaceId: z.string(),
  name: z.string(),
  workspaceName: z.string(),
  image: z.string().nullable(),
  isDefault: z.boolean(),
  organizationId: z.string(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

/** spec §3 Organization, as seen by the signed-in user: their role and the workspaces they belong to. */
export const organizationSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  organizationImageUrl: z.string().nullable(),
  image: z.string().nullable(),
  creatorId: z.string(),
  isCreator: z.boolean(),
  role: organizationRoleSchema,
  shipmentPermission: z.number().int(),
  workspaces: z.array(workspaceSchema),
});
export type Organization = z.infer<typeof organizationSchema>;

/** The organization and workspace the session works in; chosen and checked by the server. */
export const selectionSchema = z.object({
  organizationId: z.string().nullable(),
  workspaceId: z.string().nullable(),
});
export type Selection = z.infer<typeof selectionSchema>;

export const overviewSchema = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  plan: z.string(),
  memberLimit: z.number().int(),
  memberUsage: z.number().int(),
  memberCount: z.number().int(),
  pendingInvitations: z.number().int(),
  workspaceCount: z.number().int(),
});
export type OrganizationOverview = z.infer<typeof overviewSchema>;

/** spec §3 Workspace member. */
export const workspaceMemberSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;

/** A member of the organization as admins manage them. */
export const organizationMemberSchema = workspaceMemberSchema.extend({
  role: organizationRoleSchema,
  shipmentPermission: z.number().int(),
  workspaceIds: z.array(z.string()),
  isCreator: z.boolean(),
  you: z.boolean(),
});
export type OrganizationMember = z.infer<typeof organizationMemberSchema>;

export const workspaceWithCountSchema = workspaceSchema.extend({ memberCount: z.number().int() });
export type WorkspaceWithCount = z.infer<typeof workspaceWithCountSchema>;

const id = (label: string) => z.uuid({ message: `${label} is not valid` });

export const organizationCurrentIdRequestSchema = z.strictObject({ organizationId: id('Organization') });
export const workspaceCurrentIdRequestSchema = z.strictObject({ workspaceId: id('Workspace') });
export const createWorkspaceRequestSchema = z.strictObject({ workspaceName: entityNameSchema });

/**
 * Two workspaces of one organization may not share a name, whatever the case or spacing: the server's
 * unique index compares names the way this does (trimmed, inner spaces collapsed, lower case).
 */
export const workspaceNameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

export const WORKSPACE_MESSAGES = {
  duplicateName: (name: string) =>
    `This organization already has a workspace named ${endSentence(name)} Choose another name.`,
} as const;
export const deleteWorkspaceQuerySchema = z.strictObject({ workspaceId: id('Workspace') });
export const leaveWorkspaceRequestSchema = z.strictObject({ workspaceId: id('Workspace') });
export const leaveOrganizationRequestSchema = z.strictObject({ organizationId: id('Organization') });
export const removeMemberRequestSchema = z.strictObject({ userId: id('User') });
export const membersQuerySchema = z.strictObject({
  scope: z.enum(['workspace', 'organization']).default('workspace'),
});

/** spec §3 Member permission update: one entry per member. */
export const permissionEntrySchema = z.strictObject({
  userId: id('User'),
  workspaceIds: z.array(id('Workspace')).max(500),
  role: organizationRoleSchema,
  shipmentPermission: shipmentPermissionSchema,
  you: z.boolean().default(false),
});
export type PermissionEntry = z.infer<typeof permissionEntrySchema>;
export const permissionsUpdateRequestSchema = z.strictObject({
  entries: z.array(permissionEntrySchema).min(1, { message: 'Nothing to update' }).max(500),
});

/** Multipart text fields of the update calls (spec §7: hasImage says whether an image stays). */
const hasImageField = z
  .enum(['true', 'false'], { message: 'hasImage must be true or false' })
  .transform((v) => v === 'true');
export const updateWorkspaceFieldsSchema = z.object({
  workspaceId: id('Workspace'),
  workspaceName: entityNameSchema,
  hasImage: hasImageField.default(true),
});
export const updateOrganizationFieldsSchema = z.object({
  organizationName: entityNameSchema,
  hasImage: hasImageField.default(true),
});
export const uploadWorkspaceImageFieldsSchema = z.object({
  workspaceId: id('Workspace'),
  userId: id('User'),
});

export const ENTITY_IMAGE_MAX_BYTES = 2_000_000;
