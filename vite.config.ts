import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const api = 'http://127.0.0.1:3000';

// The UI lives in web/; the API process serves dist/web and falls back to index.html for client routes,
// so assets use absolute paths (base '/').
export default defineConfig({
  root: 'web',
  base: '/',
  plugins: [react()],
  // postcss.config.cjs sits at the repo root, above `root`.
  css: { postcss: repoRoot },
  build: {
    outDir: `${repoRoot}dist/web`,
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/ },
            { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(['/v1', '/v2', '/v4', '/files', '/health', '/docs'].map((prefix) => [prefix, api])),
  },
  preview: {
    proxy: Object.fromEntries(['/v1', '/v2', '/v4', '/files', '/health', '/docs'].map((prefix) => [prefix, api])),
  },
});
