/** The part of @20minutes/s3rver (a local S3-compatible server, no types of its own) the tests use. */
declare module '@20minutes/s3rver' {
  interface S3rverOptions {
    address?: string;
    /** 0: any free port; run() answers the one taken. */
    port?: number;
    silent?: boolean;
    /** Where the buckets' objects are kept on disk. */
    directory?: string;
    configureBuckets?: { name: string; configs: string[] }[];
  }
  export default class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
