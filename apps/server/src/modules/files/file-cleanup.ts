import type { Logger } from 'pino';
import type { AppContext } from '../../app-context';
import type { FileStorage } from '../../integrations/storage/file-storage';
import { QUEUES, type JobQueue } from '../../jobs/queue';
import type { Transaction } from '../../lib/transaction';

/*
 * Stored files whose rows are gone (a deleted workspace's documents) are removed by a durable job: it
 * is enqueued in the transaction that deletes the rows, so it exists exactly when they are gone, runs
 * only after that commit, and is retried with backoff while the storage refuses (a bucket that is
 * down). Deleting a file twice is harmless, so a retry simply tries every key of its batch again.
 */

/** Keys per job: a workspace with many documents becomes several small jobs. */
export const FILE_DELETE_BATCH = 500;

export interface FilesDeleteJob {
  keys: string[];
}

/** Enqueues the deletion of these stored files, inside the caller's transaction. */
export async function queueFileDeletion(
  t: Transaction,
  jobs: JobQueue,
  keys: readonly string[],
): Promise<void> {
  for (let i = 0; i < keys.length; i += FILE_DELETE_BATCH)
    await jobs.send(
      QUEUES.filesDelete,
      { keys: keys.slice(i, i + FILE_DELETE_BATCH) } satisfies FilesDeleteJob,
      {
        client: t.client,
      },
    );
}

/** Deletes each key, logging every one the storage refuses; returns those. */
export async function deleteStoredFiles(
  storage: FileStorage,
  logger: Pick<Logger, 'warn'>,
  keys: readonly string[],
): Promise<string[]> {
  const failed: string[] = [];
  for (const key of keys)
    try {
      await storage.delete(key);
    } catch (err) {
      failed.push(key);
      logger.warn({ err, key }, 'could not delete a stored file; the job will try again');
    }
  return failed;
}

/** One job: every key is tried; any the storage refused make it throw, so pg-boss retries it later. */
export async function runFilesDeleteJob(
  ctx: Pick<AppContext, 'storage' | 'logger'>,
  job: FilesDeleteJob,
): Promise<void> {
  const failed = await deleteStoredFiles(ctx.storage, ctx.logger, job.keys);
  if (failed.length)
    throw new Error(`${String(failed.length)} of ${String(job.keys.length)} stored files not deleted`);
}

/** Works the deletion jobs in whichever server process pg-boss hands them to (queue defaults: backoff, a dozen tries). */
export async function startFileCleanupWorker(
  jobs: JobQueue,
  ctx: Pick<AppContext, 'storage' | 'logger'>,
): Promise<void> {
  await jobs.boss.work<FilesDeleteJob>(QUEUES.filesDelete, async (batch) => {
    for (const job of batch) await runFilesDeleteJob(ctx, job.data);
  });
}
