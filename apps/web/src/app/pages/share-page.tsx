import '../mantine-app.css';
import { Button, Center, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { NotFound } from '../../components/not-found';
import { paths } from '../../config/paths';
import { usePublicShare } from '../../features/sharing/api/get-public-share';
import { PublicShareLoading, PublicShareView } from '../../features/sharing/components/public-share-view';
import { isApiError } from '../../lib/api-client';
import { browserTimeZone } from '../../lib/dates';

/**
 * /share/:token (bare layout): a public share link, for anyone. A revoked or expired link goes to
 * /expiredLink, also when it is revoked while the page is open (its next fetch says so); an unknown
 * token is the not-found page.
 */
export function SharePage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const share = usePublicShare(token);
  const expired = isApiError(share.error) && share.error.status === 410;
  useEffect(() => {
    if (expired) void navigate(paths.expiredLink, { replace: true, state: { reason: 'share' } });
  }, [expired, navigate]);

  if (isApiError(share.error) && [400, 404].includes(share.error.status))
    return <NotFound homeHref={paths.home} homeLabel="Go to Tracklane" />;
  if (share.data && !expired) return <PublicShareView share={share.data} timeZone={browserTimeZone()} />;
  if (share.isError && !expired)
    return (
      <Center mih="60dvh" p="md">
        <Stack align="center" gap="sm">
          <Text>Could not load this shared shipment.</Text>
          <Button variant="default" onClick={() => void share.refetch()}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  return <PublicShareLoading />;
}
