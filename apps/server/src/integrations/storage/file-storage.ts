import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: the local disk under DATA_DIR, or an S3-compatible bucket. Keys are ours
 * (generated, checked against SAFE_KEY): a request never names a path or an object.
 */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file's bytes as they stream in; null when there is no such file. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;

function checkedKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
  return key;
}

/** Files under `root`; no key ever leaves the root. */
export function createLocalStorage(root: string): FileStorage {
  const fileOf = (key: string) => path.join(root, checkedKey(key));
  return {
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temp = `${file}.${String(process.pid)}.tmp`;
      await writeFile(temp, data);
      await rename(temp, file);
    },
    async get(key) {
      if (!SAFE_KEY.test(key)) return null;
      const file = path.join(root, key);
      const found = await stat(file).catch(() => null);
      return found?.isFile() ? createReadStream(file) : null;
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

/** An S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), as the S3_* settings name it. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Another service than AWS: its URL (then paths, not virtual hosts, name the bucket). */
  endpoint?: string | undefined;
  forcePathStyle: boolean;
  /** Without them, the SDK's own chain (environment, instance role) provides credentials. */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Keys under this prefix ("tracklane/"), so a bucket can be shared. */
  prefix: string;
}

const isNotFound = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { name?: string }).name === 'NoSuchKey' ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404);

/**
 * Objects in a bucket, private: never a public URL, the app serves every file itself under its access
 * rules. The SDK loads only when a bucket is configured.
 */
export async function createS3Storage(settings: S3Settings): Promise<FileStorage> {
  const { S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectCommand } =
    await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where S3 asks for them: S3-compatible servers do not all know the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const objectOf = (key: string) => ({
    Bucket: settings.bucket,
    Key: `${settings.prefix}${checkedKey(key)}`,
  });
  return {
    async put(key, data, contentType) {
      await client.send(new PutObjectCommand({ ...objectOf(key), Body: data, ContentType: contentType }));
    },
    async get(key) {
      if (!SAFE_KEY.test(key)) return null;
      try {
        const answer = await client.send(new GetObjectCommand(objectOf(key)));
        return (answer.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand(objectOf(key)));
    },
  };
}

/** The storage the settings choose: the bucket when one is configured, else `localRoot` on disk. */
export async function createFileStorage(s3: S3Settings | null, localRoot: string): Promise<FileStorage> {
  return s3 ? createS3Storage(s3) : createLocalStorage(localRoot);
}
