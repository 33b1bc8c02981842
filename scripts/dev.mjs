// `npm run dev`: the API with reload (tsx watch) and the Vite dev server with hot reload, side by side.
// Open the Vite URL; it proxies /api to the server.
import { spawn } from 'node:child_process';
import path from 'node:path';

const env = { ...process.env, DATA_DIR: path.resolve(process.env.DATA_DIR ?? '.data') };
const children = [
  spawn('npm', ['run', 'dev', '--workspace', '@tracklane/server'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '--workspace', '@tracklane/web'], { stdio: 'inherit', env }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
