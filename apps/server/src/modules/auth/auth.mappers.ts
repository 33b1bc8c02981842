import type { PublicUser } from '@tracklane/shared/auth/auth.schema';
import type { UserRow } from '../../db/schema/users';

/** The user as the API shows it (spec §3 User); never the password hash. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    avatar: row.avatarUrl,
    enabled: row.enabled,
    timeZone: row.timeZone,
  };
}
