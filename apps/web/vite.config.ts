import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { compileHints } from './build/compileHints';
import { contractWire } from './build/contractWire';
import { type FirstLoadPlan, firstLoadGroups } from './build/firstLoadChunks';
import { precompress } from './build/precompress';
import { type PreloadPlan, routePreload } from './build/routePreload';

const { version } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as {
  version: string;
};

// What the first load needs: the login screen, the main shell and the screens
// a session usually opens on. Chunked together (firstLoadGroups) and preloaded
// from index.html while the entry downloads (routePreload).
const FIRST_LOAD: FirstLoadPlan & PreloadPlan = {
  login: ['src/features/auth/pages/LoginPage.tsx'],
  shell: ['src/app/shell/MainLayout.tsx'],
  shellRequests: ['/api/User/userinfo'],
  screens: [
    {
      name: 'cluster-home',
      hash: '^#/(\\d+)/home-cluster',
      sources: ['src/features/cluster/pages/ClusterHomePage.tsx'],
      requests: ['/api/User/listatipos?sisid=$1'],
    },
    {
      // A site page: its code stays in Rolldown's chunks (grouped, it would be
      // loaded by every screen sharing its components); its two first GETs
      // start at once, side by side.
      name: 'site',
      hash: '^#/\\d+/site/\\d+/\\d+/(\\d+)(?:/visao-geral/\\d+)?$',
      requests: ['/api/ConfigurationOverview/$1/overview', '/api/Sites/$1/site'],
    },
    {
      name: 'systems-home',
      hash: '^#/0/home-clientes',
      sources: ['src/features/systems/pages/SystemsHomePage.tsx'],
    },
  ],
};

export default defineConfig({
  plugins: [
    contractWire(),
    react(),
    routePreload(FIRST_LOAD, { token: 'vigia.access_token', expiresAt: 'vigia.expires_at' }),
    compileHints(),
    precompress(),
  ],
  base: './',
  define: { __APP_VERSION__: JSON.stringify(version) },
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    manifest: true,
    rolldownOptions: {
      // @vigia/contract builds its zod schemas at module level; the console
      // imports only constants and types from it, so schema construction is
      // declared pure and zod stays out of the bundle.
      treeshake: { manualPureFunctions: ['z'] },
      // Few, larger chunks for the first load (see build/firstLoadChunks).
      output: { codeSplitting: { groups: firstLoadGroups(FIRST_LOAD) } },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/api2': 'http://localhost:8080',
      '/oauth': 'http://localhost:8080',
    },
  },
});
