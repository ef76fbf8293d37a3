/**
 * A local S3-compatible server for tests: s3rver (the S3 REST protocol; it checks the access key, not
 * V4 signatures) on a free
 * loopback port, its objects in a temporary folder. `bucket()` makes a new empty bucket and answers
 * the STORAGE_URL that points the app at it.
 */
import S3rver from "s3rver";
import { AwsClient } from "aws4fetch";

export type S3Server = {
  endpoint: string;
  /** Creates a bucket (a fresh unique name unless given) and answers its STORAGE_URL. */
  bucket(name?: string): Promise<string>;
  stop(): Promise<void>;
};

const KEY = "S3RVER";

export async function startS3(): Promise<S3Server> {
  const dir = await Deno.makeTempDir({ prefix: "s3rver-" });
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: dir });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const aws = new AwsClient({ accessKeyId: KEY, secretAccessKey: KEY, service: "s3", region: "us-east-1" });
  return {
    endpoint,
    async bucket(name = `t-${crypto.randomUUID().slice(0, 18)}`) {
      const res = await aws.fetch(`${endpoint}/${name}`, { method: "PUT" });
      await res.body?.cancel();
      if (!res.ok && res.status !== 409) throw new Error(`s3rver: bucket ${name}: ${res.status}`);
      return `s3://${KEY}:${KEY}@${name}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1`;
    },
    async stop() {
      await server.close();
      await Deno.remove(dir, { recursive: true }).catch(() => undefined);
    },
  };
}
