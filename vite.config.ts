import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { buildStamp, entrySizes, precompress } from './scripts/web-build.ts';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const api = 'http://127.0.0.1:3000';

// The outdated-version banner (docs/site-chrome.md): every build gets an id, compiled into the UI as __BUILD_ID__ and
// written to dist/web/version.json, which the server answers at GET /v1/version.
const buildId = `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
const buildVersion: Plugin = {
  name: 'build-version',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ build_id: buildId }) });
  },
};

// The UI lives in web/; the API process serves dist/web and falls back to index.html for client routes,
// so assets use absolute paths (base '/').
export default defineConfig({
  root: 'web',
  base: '/',
  plugins: [react(), buildVersion, precompress(), entrySizes(), buildStamp()],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  // postcss.config.cjs sits at the repo root, above `root`.
  css: { postcss: repoRoot },
  build: {
    outDir: `${repoRoot}dist/web`,
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases. Only those every
        // page needs: the rest (Mantine's components, charts, dates) is split with the routes that use it, so the
        // log-in page does not download the dashboards' charts (docs/performance.md "The first page").
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/ },
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
