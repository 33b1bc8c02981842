import { PageHeader } from '../../components/page-header';
import { useAuthStore } from '../../features/auth/stores/auth-store';
import { ProfileSettings } from '../../features/users/components/profile-settings';

/** /settings/profile: the users feature edits, the auth store keeps the result for the whole shell. */
export function ProfileSettingsPage() {
  const user = useAuthStore((state) => state.user);
  const setUser = useAuthStore((state) => state.setUser);
  return (
    <>
      <PageHeader
        title="Profile settings"
        description="How you appear to your colleagues, and your time zone."
      />
      {user ? <ProfileSettings key={user.id} user={user} onUserChange={setUser} /> : null}
    </>
  );
}
