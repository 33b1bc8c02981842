import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      // `ws` carries the workspace-invitation socket (spec §7) through the same origin.
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than app code: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/](@mantine|@floating-ui)[\\/]/ },
            // node-forge is loaded on demand, only where WebCrypto is missing (plain-http installations):
            // in the shared vendor chunk it would be downloaded by everyone.
            { name: 'node-forge', test: /node_modules[\\/]node-forge[\\/]/ },
            // Swagger UI is for the API reference page only, which loads it lazily.
            { name: 'api-reference', test: /node_modules[\\/]swagger-ui-dist[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
