#!/usr/bin/env node
// Creates the bucket Falconet's configuration names ([storage] backend "s3"), unless it exists. The image
// carries it as /opt/falconet/deploy/create-bucket.mjs, and deploy/compose.yaml runs it once before Falconet
// starts, with Falconet's own environment:
//   node deploy/create-bucket.mjs /etc/falconet/falconet.toml
// It reads the configuration and talks to the bucket exactly as the server does (dist/ of a built tree).
import process from 'node:process';
import { CreateBucketCommand, HeadBucketCommand } from '@aws-sdk/client-s3';
import { ConfigError, loadConfig } from '../dist/config.js';
import { createS3Client, s3Status } from '../dist/storage/s3-client.js';

const fail = (message) => {
  process.stderr.write(`create-bucket: ${message}\n`);
  process.exit(2);
};

const [file] = process.argv.slice(2);
if (file === undefined) fail('usage: create-bucket.mjs CONFIG.toml');
let storage;
try {
  storage = loadConfig(file, process.env).config.storage;
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
if (storage.backend !== 's3') fail('[storage] backend is not "s3": there is no bucket to create');

const client = createS3Client(storage, storage.endpoint);
const Bucket = storage.bucket;
try {
  await client.send(new HeadBucketCommand({ Bucket }));
  process.stdout.write(`create-bucket: bucket ${Bucket} exists\n`);
} catch (error) {
  if (s3Status(error) !== 404) throw error;
  // Outside us-east-1, AWS S3 wants the region named again.
  const configuration = { LocationConstraint: storage.region };
  const inRegion = storage.region === 'us-east-1' ? {} : { CreateBucketConfiguration: configuration };
  await client.send(new CreateBucketCommand({ Bucket, ...inRegion }));
  process.stdout.write(`create-bucket: bucket ${Bucket} created\n`);
}
