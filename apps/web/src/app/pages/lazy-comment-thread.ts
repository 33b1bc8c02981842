import { lazyPage } from '../lazy-page';

/**
 * A shipment's comment thread and its editor: downloaded when a Comments tab first opens, never with
 * the first page (tests preload it with the screens, router.tsx).
 */
export const CommentThread = lazyPage(() =>
  import('../../features/comments/components/comment-thread').then((m) => m.CommentThread),
);
