import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  tutorialStatusesSchema,
  type Tutorial,
  type TutorialStatuses,
} from '@tracklane/shared/user-journey/user-journey.schema';
import { api } from '../../../lib/api-client';

export const TUTORIAL_STATUSES_PATH = '/api/_api/user-journey/getTutorialsStatuses';
export const UPDATE_TUTORIAL_PATH = '/api/_api/user-journey/updateTutorialStatus';

/** spec §7 POST getTutorialsStatuses {id}: the signed-in user's tutorial flags. */
export async function getTutorialStatuses(userId: string): Promise<TutorialStatuses> {
  return tutorialStatusesSchema.parse(await api.post<unknown>(TUTORIAL_STATUSES_PATH, { id: userId }));
}

export const tutorialStatusesQueryOptions = (userId: string) =>
  queryOptions({
    // The user's, whatever the workspace.
    queryKey: ['tutorials', userId] as const,
    queryFn: () => getTutorialStatuses(userId),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useTutorialStatuses(userId: string | null) {
  return useQuery({ ...tutorialStatusesQueryOptions(userId ?? ''), enabled: userId !== null });
}

/** Turns a tutorial off (or on); the cache holds the new flag at once, before the server answers. */
export function useSetTutorialDisplay(userId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = tutorialStatusesQueryOptions(userId);
  return useMutation({
    mutationFn: async ({ tutorial, display }: { tutorial: Tutorial; display: boolean }) =>
      tutorialStatusesSchema.parse(
        await api.post<unknown>(UPDATE_TUTORIAL_PATH, { id: userId, tutorial, display }),
      ),
    onMutate: ({ tutorial, display }) => {
      const previous = queryClient.getQueryData(queryKey);
      if (previous) queryClient.setQueryData(queryKey, { ...previous, [tutorial]: { display } });
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (statuses) => queryClient.setQueryData(queryKey, statuses),
  });
}
