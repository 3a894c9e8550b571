import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  base: '/newapp/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, sourcemap: true },
  server: { proxy: { '/a/': 'http://localhost:8080', '/s/': 'http://localhost:8080', '/login': 'http://localhost:8080' } },
});
