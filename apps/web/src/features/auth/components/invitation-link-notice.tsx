import { useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { useInvitationLinkState } from '../api/get-invitation-link-state';

/**
 * Above the sign-in and sign-up forms when the page was opened from an invitation e-mail: a link whose
 * invitations a company admin withdrew says so, rather than sending the visitor on to look for it.
 */
export function InvitationLinkNotice() {
  const [search] = useSearchParams();
  const state = useInvitationLinkState(search.get('invitation'));
  if (state.data !== 'withdrawn') return null;
  return (
    <FormAlert tone="info" title="This invitation was withdrawn" data-testid="invitation-withdrawn">
      A company admin of the organization withdrew it. Ask them to invite you again if you still need access.
    </FormAlert>
  );
}
