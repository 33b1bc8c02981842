// The API benchmark's load generator, in a thread of its own (bench/harness.ts): real clients are other
// machines, so the API's thread should not also pay for sending their requests and reading their
// answers. Posts every response's time back, and the errors and non-2xx answers counted.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const latencies = [];
const instance = autocannon(workerData, (err, result) => {
  if (err) parentPort.postMessage({ error: err instanceof Error ? err.message : String(err) });
  else parentPort.postMessage({ latencies, errors: result.errors + result.non2xx });
});
instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
