import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  base: './',
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: { outDir: 'dist', sourcemap: true, target: 'es2022' },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/api2': 'http://localhost:8080',
      '/oauth': 'http://localhost:8080',
    },
  },
});
