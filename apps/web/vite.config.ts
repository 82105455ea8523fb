import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { routePreload } from './build/routePreload';

const { version } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as {
  version: string;
};

export default defineConfig({
  plugins: [
    react(),
    routePreload(
      {
        login: ['src/features/auth/pages/LoginPage.tsx'],
        shell: ['src/app/shell/MainLayout.tsx'],
        // The screens a session usually opens on.
        screens: [
          {
            hash: '^#/0/home-clientes',
            sources: ['src/features/systems/pages/SystemsHomePage.tsx'],
          },
          {
            hash: '^#/\\d+/home-cluster',
            sources: ['src/features/cluster/pages/ClusterHomePage.tsx'],
          },
        ],
      },
      'vigia.access_token',
    ),
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
